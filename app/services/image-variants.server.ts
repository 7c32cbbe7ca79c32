import { IMAGE_WIDTHS, type ImageWidth } from "~/lib/images";
import { STORAGE_WINDOWS } from "~/lib/storage-retry";

import { cachedRender, forgetRender } from "./render-cache.server";
import sharp from "./sharp.server";
import { fileStorage, isSafeStorageKey, type StorageCall } from "./storage.server";

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

const variantPath = (key: string, width: ImageWidth) => `img/${width}/${key}.webp`;

/**
 * A stored image resized to `width` as WebP, rendered once and then read from
 * the disk cache (DATA_DIR/cache/img). Null when there is no such image.
 */
export async function imageVariant(key: string, width: ImageWidth): Promise<Buffer | null> {
  if (!isSafeStorageKey(key)) return null;
  return cachedRender(variantPath(key, width), async () => {
    const original = await fileStorage().get(key, { withinMs: STORAGE_WINDOWS.waitedMs });
    if (!original) return null;
    return sharp(original.bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
  });
}

/**
 * Deletes a stored image and every resized copy drawn of it, so that once the original is gone
 * no /img/{width}/ address still shows it. The original goes first: a copy asked for meanwhile
 * finds nothing to draw from.
 */
export async function deleteStoredImage(key: string, call?: StorageCall): Promise<void> {
  await fileStorage().delete(key, call);
  if (isSafeStorageKey(key)) await Promise.all(IMAGE_WIDTHS.map((width) => forgetRender(variantPath(key, width))));
}
