import { IMAGE_WIDTHS, type ImageWidth } from "~/lib/images";

import { cachedRender } from "./render-cache.server";
import sharp from "./sharp.server";
import { fileStorage, isSafeStorageKey } from "./storage.server";

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/**
 * A stored image resized to `width` as WebP, rendered once and then read from
 * the disk cache (DATA_DIR/cache/img). Null when there is no such image.
 */
export async function imageVariant(key: string, width: ImageWidth): Promise<Buffer | null> {
  if (!isSafeStorageKey(key)) return null;
  return cachedRender(`img/${width}/${key}.webp`, async () => {
    const original = await fileStorage().get(key);
    if (!original) return null;
    return sharp(original.bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
  });
}
