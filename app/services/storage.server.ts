import { AsyncLocalStorage } from "node:async_hooks";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { ConfiguredRetryStrategy } from "@smithy/core/retry";

import { config } from "~/config.server";
import { attemptsWithin, backoffDelay, retryFits, STORAGE_BACKOFF, STORAGE_WINDOWS, type Backoff } from "~/lib/storage-retry";

/**
 * Where uploaded and generated files live: local disk under DATA_DIR/uploads by default, an
 * S3-compatible bucket when S3_BUCKET is set. Either way a file is served by this site at
 * /uploads/{key} (and its resized variants at /img/{width}/{key}), so its URL never changes
 * with the storage behind it.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string, options?: StorageCall): Promise<string>;
  get(key: string, options?: StorageCall): Promise<{ bytes: Buffer; contentType: string } | null>;
  exists(key: string, options?: StorageCall): Promise<boolean>;
  delete(key: string, options?: StorageCall): Promise<void>;
  /** Every stored key, in no set order (backups read the whole storage through it). */
  list(): AsyncIterable<string>;
  publicUrl(key: string): string;
}

/** How long one call may take, its retries included: one operation's window (2 minutes) unless told less. */
export type StorageCall = { withinMs?: number };

/**
 * File storage failed: refused at once (access denied, no such bucket), or still failing when
 * the call's time was up. `cause` is the storage's last error.
 */
export class StorageError extends Error {
  constructor(operation: string, key: string, cause: unknown, timedOutAfterMs?: number) {
    const tries = (cause as { $metadata?: { attempts?: number } } | null)?.$metadata?.attempts;
    const why = timedOutAfterMs
      ? `no answer within ${timedOutAfterMs / 1000} s`
      : `${cause instanceof Error ? cause.message : String(cause)}${tries && tries > 1 ? ` (tried ${tries} times)` : ""}`;
    super(`File storage could not ${operation} ${key}: ${why}`, { cause });
    this.name = "StorageError";
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** The type a stored file is served with, from its name; null for a name the storage does not serve. */
export function contentTypeOf(key: string): string | null {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? null;
}

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
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, bytes);
      } catch (error) {
        // A full or read-only disk fails the upload as a bucket that is down does.
        throw new StorageError("store", key, error);
      }
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
    async *list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries) {
        if (entry.isFile()) yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      }
    },
    publicUrl,
  };
}

const publicUrl = (key: string) => `/uploads/${key}`;

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** One operation's window, every try included (tests shorten it). */
  operationWindowMs?: number;
  /** The longest pause between tries (tests shorten it). */
  maxRetryDelayMs?: number;
};

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/** Each try: 5 s to connect, 30 s to be answered; a try that hangs is a transient failure and tried again. */
const TRY_TIMEOUTS = { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true };

type RetryToken = Awaited<ReturnType<ConfiguredRetryStrategy["acquireInitialRetryToken"]>>;
type RetryErrorInfo = Parameters<ConfiguredRetryStrategy["refreshRetryTokenForRetry"]>[1];
type CallWindow = { startedAt: number; windowMs: number };

/** The window of the storage call under way, seen by the retry strategy inside the SDK's send. */
const callWindow = new AsyncLocalStorage<CallWindow>();

/**
 * The SDK's retry strategy (which failures are transient, the retry quota) with our pauses, and
 * no retry that would end past the call's window: then the SDK fails with the last error.
 */
class WindowedRetryStrategy extends ConfiguredRetryStrategy {
  private readonly windows = new WeakMap<RetryToken, CallWindow>();

  constructor(
    private readonly windowMs: number,
    private readonly backoff: Backoff,
  ) {
    super(attemptsWithin(windowMs, backoff), (retry) => backoffDelay(retry, backoff));
  }

  override async acquireInitialRetryToken(scope: string) {
    const token = await super.acquireInitialRetryToken(scope);
    this.windows.set(token, callWindow.getStore() ?? { startedAt: Date.now(), windowMs: this.windowMs });
    return token;
  }

  override async refreshRetryTokenForRetry(token: RetryToken, errorInfo: RetryErrorInfo) {
    const window = this.windows.get(token) ?? { startedAt: Date.now(), windowMs: this.windowMs };
    if (!retryFits(window.startedAt, Date.now(), token.getRetryCount() + 1, window.windowMs, this.backoff)) {
      throw new Error("The call's window is spent");
    }
    const next = await super.refreshRetryTokenForRetry(token, errorInfo);
    this.windows.set(next, window);
    return next;
  }
}

/**
 * Files in an S3-compatible bucket (AWS SDK v3). A custom endpoint is addressed by path
 * (bucket in the path, as MinIO and most compatible services want). Checksums are sent only
 * where S3 requires them: the newer default (aws-chunked bodies with trailing checksums) is
 * not understood by many compatible services.
 *
 * Transient failures (5xx, SlowDown and other throttling, timeouts, connection resets: the SDK's
 * own classification) are tried again with jittered exponential pauses (lib/storage-retry) until
 * the call's window (2 minutes, or what the caller gives) is up; then, or at once for a refusal,
 * the call fails with a StorageError (a missing file is not a failure: null or false).
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const windowMs = options.operationWindowMs ?? STORAGE_WINDOWS.operationMs;
  const backoff = { ...STORAGE_BACKOFF, capMs: options.maxRetryDelayMs ?? STORAGE_BACKOFF.capMs };
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    retryStrategy: new WindowedRetryStrategy(windowMs, backoff),
    requestHandler: TRY_TIMEOUTS,
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  /**
   * Runs one operation within its window (the caller's, if shorter): retries stop before it ends,
   * and a try still under way when it ends is cut off. A missing object answers `missing` when given.
   */
  async function within<Output, Missing = never>(
    operation: string,
    key: string,
    call: StorageCall | undefined,
    send: (options: { abortSignal: AbortSignal }) => Promise<Output>,
    missing?: () => Missing,
  ): Promise<Output | Missing> {
    const windowOfCall = Math.min(call?.withinMs ?? windowMs, windowMs);
    const abortSignal = AbortSignal.timeout(windowOfCall);
    try {
      return await callWindow.run({ startedAt: Date.now(), windowMs: windowOfCall }, () => send({ abortSignal }));
    } catch (error) {
      if (missing && isMissing(error)) return missing();
      throw new StorageError(operation, key, error, abortSignal.aborted ? windowOfCall : undefined);
    }
  }
  return {
    async put(key, bytes, contentType, call) {
      const command = new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentType: contentType });
      await within("store", key, call, (sending) => client.send(command, sending));
      return publicUrl(key);
    },
    async get(key, call) {
      const contentType = CONTENT_TYPES[path.extname(key).toLowerCase()];
      if (!isSafeStorageKey(key) || !contentType) return null;
      const command = new GetObjectCommand({ Bucket, Key: key });
      return within(
        "read",
        key,
        call,
        async (sending) => {
          const object = await client.send(command, sending);
          return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType };
        },
        () => null,
      );
    },
    async exists(key, call) {
      const command = new HeadObjectCommand({ Bucket, Key: checked(key) });
      return within(
        "check",
        key,
        call,
        async (sending) => Boolean(await client.send(command, sending)),
        () => false,
      );
    },
    async delete(key, call) {
      const command = new DeleteObjectCommand({ Bucket, Key: checked(key) });
      await within("delete", key, call, (sending) => client.send(command, sending));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const command = new ListObjectsV2Command({ Bucket, ContinuationToken });
        const page = await within("list", Bucket, undefined, (sending) => client.send(command, sending));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
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
