import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import { config } from "~/config.server";

/**
 * Where uploaded and generated files live. The embedded default keeps them on
 * local disk under DATA_DIR/uploads and serves them at /uploads/{key}.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  publicUrl(key: string): string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** Keys are relative paths of safe characters; anything that could escape the folder is refused. */
export function isSafeStorageKey(key: string): boolean {
  return /^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) && !key.split("/").some((part) => part === ".." || part === "");
}

export function createLocalDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return `/uploads/${key}`;
    },
    async get(key) {
      if (!isSafeStorageKey(key)) return null;
      const contentType = CONTENT_TYPES[path.extname(key).toLowerCase()];
      if (!contentType) return null;
      try {
        return { bytes: await readFile(resolve(key)), contentType };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    publicUrl(key) {
      return `/uploads/${key}`;
    },
  };
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= createLocalDiskStorage(path.resolve(config.DATA_DIR, "uploads"));
  return storage;
}
