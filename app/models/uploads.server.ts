import { createHash, randomBytes } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import { config } from "~/config.server";
import { db } from "~/db/db.server";
import { posts, uploads, users } from "~/db/schema";
import type { Transaction } from "~/db/client.server";
import { queueJob } from "~/jobs/queue.server";
import { STORAGE_WINDOWS, timeLeft } from "~/lib/storage-retry";
import { reencodeImage, UPLOAD_MESSAGES, UploadError } from "~/services/image-upload.server";
import { deleteStoredImage } from "~/services/image-variants.server";
import { fileStorage, isSafeStorageKey, StorageError } from "~/services/storage.server";

import { hitRateLimit, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";

/** Images a user may upload an hour: each is decoded and re-encoded. */
export const UPLOADS_PER_HOUR: RateLimit = { limit: 60, windowSeconds: 3600 };

export async function throttleUploads(userId: string): Promise<Throttled | null> {
  const result = await hitRateLimit(`upload:user:${userId}`, UPLOADS_PER_HOUR);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

export type StoredImage = { url: string; width: number; height: number };

/**
 * Stores an uploaded image for this user (the profile form, post and card images, POST
 * /api/uploads): checked and re-encoded by reencodeImage (an UploadError says why not), under a
 * random, unguessable name, and recorded as this user's. A file whose record cannot be written
 * is deleted again: a refused or failed upload leaves nothing behind.
 *
 * Someone waits for it, so file storage gets the page's 15 s (tries again included), not an
 * operation's 2 minutes; past them, or refused, it is an UploadError (503) asking to try again,
 * and the page keeps the rest of its form.
 */
export async function storeImageUpload(userId: string, bytes: Uint8Array): Promise<StoredImage> {
  const image = await reencodeImage(bytes);
  const key = `u/${randomBytes(16).toString("hex")}.${image.extension}`;
  const storage = fileStorage();
  let url: string;
  try {
    url = await storage.put(key, image.bytes, image.contentType, { withinMs: STORAGE_WINDOWS.waitedMs });
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    console.error("[uploads]", error);
    throw new UploadError(UPLOAD_MESSAGES.notStored, 503);
  }
  try {
    await db()
      .insert(uploads)
      .values({
        userId,
        key,
        contentType: image.contentType,
        sizeBytes: image.bytes.length,
        width: image.width,
        height: image.height,
        sourceSha256: createHash("sha256").update(bytes).digest("hex"),
      });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { url, width: image.width, height: image.height };
}

/** The storage key of one of this site's upload URLs (/uploads/… or the public origin's); null for any other URL. */
export function uploadKeyOf(imageUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(imageUrl, config.PUBLIC_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== config.PUBLIC_ORIGIN || url.search || url.hash || !url.pathname.startsWith("/uploads/")) return null;
  const key = url.pathname.slice("/uploads/".length);
  return isSafeStorageKey(key) ? key : null;
}

export const NOT_YOUR_UPLOAD = "Use an image you uploaded to iSent (POST /api/uploads gives its URL).";

/** Makes one of this user's own uploads their profile image; null (nothing changed) for any other URL. */
export async function setProfileImage(userId: string, imageUrl: string): Promise<string | null> {
  const key = uploadKeyOf(imageUrl);
  if (!key) return null;
  const [own] = await db()
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.key, key)));
  if (!own) return null;
  const profileImageUrl = fileStorage().publicUrl(key);
  await replacingProfileImage(userId, async () => {
    await db().update(users).set({ profileImageUrl, updatedAt: new Date() }).where(eq(users.id, userId));
  });
  return profileImageUrl;
}

/**
 * Runs `save`, which gives the user a new profile image, then deletes the image it replaced when
 * nothing else of theirs shows it: a replaced photo does not stay public at /uploads or /img.
 */
export async function replacingProfileImage(userId: string, save: () => Promise<void>): Promise<void> {
  const [before] = await db().select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId));
  await save();
  if (before?.url) await deleteUploadIfUnused(userId, before.url);
}

/**
 * Deletes one of the user's uploads that nothing of theirs shows any more (a replaced profile
 * image): its record, its file and its resized copies. One still shown, as the profile image or in
 * any of their posts, is kept; so is any URL that is not one of their uploads. The check and the
 * record's delete are one statement, so an upload that comes back into use meanwhile stays.
 */
async function deleteUploadIfUnused(userId: string, imageUrl: string): Promise<void> {
  const key = uploadKeyOf(imageUrl);
  if (!key) return;
  const url = fileStorage().publicUrl(key);
  const deleted = await db()
    .delete(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        eq(uploads.key, key),
        sql`not exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.profileImageUrl} in (${url}, ${imageUrl}))`,
        sql`not exists (select 1 from ${posts} where ${posts.userId} = ${userId} and (${url} = any(${posts.images}) or ${imageUrl} = any(${posts.images})))`,
      ),
    )
    .returning({ key: uploads.key });
  if (deleted.length) await queueFileDeletes([key]);
}

/**
 * Has stored files that nothing shows any more deleted (with their resized copies) right after
 * the answer, by the job queue: storage that is slow or down neither holds the page nor loses the
 * delete. With `tx`, the job commits or rolls back with the rows that stopped showing them.
 */
export function queueFileDeletes(keys: string[], tx?: Transaction): Promise<void> {
  return queueJob("delete-stored-files", { keys, since: new Date().toISOString() }, { tx });
}

/**
 * The delete-stored-files job. Each delete gets what is left of the 10-minute window from `since`
 * (SPEC §9), at most one operation's 2 minutes. A failure fails the job, which the queue tries
 * again later (a key already deleted is deleted again harmlessly); once the window is spent it
 * gives up, logged, and the files stay as orphans, never shown by this site.
 */
export async function deleteStoredFiles({ keys, since }: { keys: string[]; since: string }): Promise<void> {
  const failures: StorageError[] = [];
  for (const key of keys) {
    const withinMs = timeLeft(new Date(since), STORAGE_WINDOWS.uploadMs, new Date());
    if (withinMs === 0) {
      console.error(`[uploads] Gave up deleting ${keys.length} stored file(s) after 10 minutes: ${keys.join(", ")}`);
      return;
    }
    try {
      await deleteStoredImage(key, { withinMs });
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      failures.push(error);
    }
  }
  if (failures.length)
    throw new AggregateError(failures, `File storage could not delete ${failures.length} of ${keys.length} file(s); tried again later`);
}
