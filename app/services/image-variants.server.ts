import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

import { config } from "~/config.server";
import { IMAGE_WIDTHS, type ImageWidth } from "~/lib/images";

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
  const cached = path.resolve(config.DATA_DIR, "cache", "img", String(width), `${key}.webp`);
  try {
    return await readFile(cached);
  } catch {
    // Not rendered yet.
  }
  const original = await fileStorage().get(key);
  if (!original) return null;
  const variant = await sharp(original.bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
  await mkdir(path.dirname(cached), { recursive: true });
  // Write then rename, so a concurrent reader never sees half a file.
  const partial = `${cached}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(partial, variant);
  await rename(partial, cached);
  return variant;
}
