import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

import { config } from "~/config.server";

/**
 * Where uploaded and generated files live: local disk under DATA_DIR/uploads by default, an
 * S3-compatible bucket when S3_BUCKET is set. Either way a file is served by this site at
 * /uploads/{key} (and its resized variants at /img/{width}/{key}), so its URL never changes
 * with the storage behind it.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
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
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl,
  };
}

const publicUrl = (key: string) => `/uploads/${key}`;

export type S3StorageOptions = { bucket: string; region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string };

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS SDK v3). A custom endpoint is addressed by path
 * (bucket in the path, as MinIO and most compatible services want). Checksums are sent only
 * where S3 requires them: the newer default (aws-chunked bodies with trailing checksums) is
 * not understood by many compatible services.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentType: contentType }));
      return publicUrl(key);
    },
    async get(key) {
      const contentType = CONTENT_TYPES[path.extname(key).toLowerCase()];
      if (!isSafeStorageKey(key) || !contentType) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    publicUrl,
  };
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= config.S3_BUCKET
    ? createS3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      })
    : createLocalDiskStorage(path.resolve(config.DATA_DIR, "uploads"));
  return storage;
}

/** Tests point the uploads at their own storage with this. */
export function useFileStorage(next: FileStorage | undefined) {
  storage = next;
}
