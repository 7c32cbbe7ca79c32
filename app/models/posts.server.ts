import { randomUUID } from "node:crypto";

import { and, desc, eq, gt, inArray, lte, or, sql, type SQL } from "drizzle-orm";

import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { posts, templates, uploads, users } from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import { postHashtags } from "~/lib/hashtags";
import { isUuid } from "~/lib/ids";
import { NEAR_DUPLICATE_HOURS, isNearDuplicate, postText } from "~/lib/near-duplicate";
import { endOfIndianDay, startOfIndianDay } from "~/lib/india-days";
import {
  POST_CHANGE_RULES,
  POST_DISPLAY_STATUSES,
  POST_KINDS,
  canEdit,
  editRefusal,
  postDisplayStatus,
  type PostChange,
  type PostDisplayStatus,
} from "~/lib/post-status";
import { POST_MESSAGES, type PostEditInput, type PostInput } from "~/lib/schemas/posts";
import { nearestGazetteerPlace } from "~/services/geocoding.server";

import { activeAccountCondition } from "./account-rules.server";
import { unknownCategories } from "./business-profile.server";
import { chargeCredits, grantCredits } from "./credits.server";
import { findEarlierRequest, rememberRequest, requestHash, type IdempotencyKey } from "./idempotency.server";
import { priceOf } from "./pricing.server";
import { hitRateLimit, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";
import { uploadKeyOf } from "./uploads.server";

/**
 * Posts and offers as their business has them: publishing (paid from the balance in the same
 * transaction that makes the post live, once per request however often it is sent), scheduling,
 * hiding, ending and deleting. The HTML routes and /api/posts call these same functions.
 */

export type OwnPost = typeof posts.$inferSelect;

/** What a post or an offer costs, in credits (the pricing home's price). */
export function postPrice(kind: PostInput["kind"], tx?: Transaction): Promise<number> {
  return priceOf(kind === "offer" ? "offer" : "post", tx);
}

/** Publishing costs money: a business may try at most this often (a runaway script spends nothing past it). */
export const PUBLISHES_PER_HOUR: RateLimit = { limit: 60, windowSeconds: 3600 };

export async function throttlePublishing(userId: string): Promise<Throttled | null> {
  const result = await hitRateLimit(`publish:user:${userId}`, PUBLISHES_PER_HOUR);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

export type PublishRefusal =
  | { reason: "no_location" }
  /** The request's key was used before for a different post (Stripe's 422). */
  | { reason: "key_reused" }
  /** The request was made before, and the post it made has since been deleted: it is not made again. */
  | { reason: "key_spent" }
  | { reason: "insufficient_balance"; price: number; balance: number; shortfall: number }
  /** Nearly identical to one the business published in the last 24 hours: published only when confirmed. */
  | { reason: "near_duplicate"; duplicateOf: NearDuplicate }
  | { reason: "invalid"; field: keyof PostInput; message: string };

export type PublishResult = { ok: true; post: OwnPost; balance: number; repeated: boolean } | ({ ok: false } & PublishRefusal);

export const PUBLISH_MESSAGES = {
  notYourImage: "Use images you uploaded here (or a template's): that image is not one of them.",
  placeUnknown: "That place is not near a city or town in India we know. Search for it instead.",
} as const;

/**
 * The images a post may show, as this site's paths in the order given: this business's own uploads
 * and the templates' pictures. `usable` is false when any is neither. `identities` name each image
 * for the request's hash: an upload by the digest of the file as sent, so a form sent twice with
 * the same photos (stored twice, under new names) is the same request.
 */
async function postImages(userId: string, urls: string[]): Promise<{ usable: boolean; images: string[]; identities: string[] }> {
  if (urls.length === 0) return { usable: true, images: [], identities: [] };
  const keys = urls.map(uploadKeyOf);
  const images = urls.map((url, index) => (keys[index] ? `/uploads/${keys[index]}` : url));
  const [owned, templateImages] = await Promise.all([
    db()
      .select({ key: uploads.key, sourceSha256: uploads.sourceSha256 })
      .from(uploads)
      .where(
        and(
          eq(uploads.userId, userId),
          inArray(
            uploads.key,
            keys.filter((key): key is string => key !== null),
          ),
        ),
      ),
    db().select({ imageUrl: templates.imageUrl }).from(templates).where(inArray(templates.imageUrl, images)),
  ]);
  const identityOf = new Map<string, string>([
    ...owned.map((row) => [`/uploads/${row.key}`, row.sourceSha256 ?? row.key] as const),
    ...templateImages.flatMap((row) => (row.imageUrl ? [[row.imageUrl, row.imageUrl] as const] : [])),
  ]);
  return {
    usable: images.every((image) => identityOf.has(image)),
    images,
    identities: images.map((image) => identityOf.get(image) ?? image),
  };
}

export type NearDuplicate = { id: string; kind: OwnPost["kind"]; createdAt: Date };

/**
 * The business's newest post of the last 24 hours (or scheduled) whose text is nearly identical
 * to this one (lib/near-duplicate.ts), or null.
 */
export async function findNearDuplicate(
  userId: string,
  post: { offerTitle?: string | null; content: string },
  tx: Database | Transaction = db(),
): Promise<NearDuplicate | null> {
  const text = postText(post);
  const recent = await tx
    .select({ id: posts.id, kind: posts.kind, createdAt: posts.createdAt, content: posts.content, offerTitle: posts.offerTitle })
    .from(posts)
    .where(and(eq(posts.userId, userId), gt(posts.createdAt, sql`now() - make_interval(hours => ${NEAR_DUPLICATE_HOURS})`)))
    .orderBy(desc(posts.createdAt));
  const found = recent.find((earlier) => isNearDuplicate(postText(earlier), text));
  return found ? { id: found.id, kind: found.kind, createdAt: found.createdAt } : null;
}

/**
 * Publishes a post or offer now, or schedules it (then it is paid now, and refunded if it is
 * deleted before it goes live). In one transaction, with the business's row locked, so a
 * business's publishes happen one at a time: a request whose key was seen before gets the post
 * it made (or is refused: another request under that key, or its post deleted since); otherwise
 * the price is charged (refused, with the shortfall, when the balance is short: nothing is
 * published) and the post is written, with its key; a scheduled one's job is queued with it, to put
 * it live on time. A business without a location cannot publish.
 * A post nearly identical to one of the last 24 hours is refused (nothing charged) unless
 * `confirmDuplicate`; a repeated request is answered with its post before that is asked.
 */
export async function publishPost(
  userId: string,
  input: PostInput,
  idempotencyKey: string | null,
  { confirmDuplicate = false }: { confirmDuplicate?: boolean } = {},
): Promise<PublishResult> {
  const unknown = input.category ? await unknownCategories(userId, [input.category]) : [];
  if (unknown.length) return { ok: false, reason: "invalid", field: "category", message: POST_MESSAGES.unknownCategory };
  const { usable, images, identities } = await postImages(userId, input.images);
  if (!usable) return { ok: false, reason: "invalid", field: "images", message: PUBLISH_MESSAGES.notYourImage };
  const chosenPlace = input.place ? await nearestGazetteerPlace(input.place.lat, input.place.lon) : null;
  if (input.place && !chosenPlace) return { ok: false, reason: "invalid", field: "place", message: PUBLISH_MESSAGES.placeUnknown };

  const key: IdempotencyKey | null = idempotencyKey ? { userId, request: "post", key: idempotencyKey } : null;
  const hash = requestHash({ ...input, images: identities });
  return db().transaction(async (tx) => {
    const [business] = await tx
      .select({ lat: users.lat, lon: users.lon, city: users.city, state: users.state, balance: users.balance })
      .from(users)
      .where(and(eq(users.id, userId), activeAccountCondition()))
      .for("update");
    if (!business) throw new Error(`No active account ${userId} to publish for`);
    const earlier = key ? await findEarlierRequest(tx, key, hash) : null;
    if (earlier) {
      if (!earlier.sameRequest) return { ok: false as const, reason: "key_reused" as const };
      const [post] = earlier.resourceId
        ? await tx
            .select()
            .from(posts)
            .where(and(eq(posts.id, earlier.resourceId), eq(posts.userId, userId)))
        : [];
      if (!post) return { ok: false as const, reason: "key_spent" as const };
      return { ok: true as const, post, balance: business.balance, repeated: true };
    }
    if (business.lat === null || business.lon === null) return { ok: false as const, reason: "no_location" as const };
    if (!confirmDuplicate) {
      const duplicateOf = await findNearDuplicate(
        userId,
        { offerTitle: input.kind === "offer" ? input.offerTitle : null, content: input.content },
        tx,
      );
      if (duplicateOf) return { ok: false as const, reason: "near_duplicate" as const, duplicateOf };
    }

    const price = await postPrice(input.kind, tx);
    const id = randomUUID();
    let balance = business.balance;
    if (price > 0) {
      const charge = await chargeCredits(tx, { userId, amount: price, reason: input.kind === "offer" ? "offer" : "post", reference: id });
      if (!charge.ok) {
        return {
          ok: false as const,
          reason: "insufficient_balance" as const,
          price,
          balance: charge.balance,
          shortfall: price - charge.balance,
        };
      }
      balance = charge.balance;
    }
    const where = input.place && chosenPlace ? { lat: input.place.lat, lon: input.place.lon, ...chosenPlace } : business;
    const offer = input.kind === "offer";
    const [post] = await tx
      .insert(posts)
      .values({
        id,
        userId,
        kind: input.kind,
        status: input.publishAt ? "scheduled" : "live",
        content: input.content,
        hashtags: postHashtags(input.hashtags, input.content),
        images,
        category: input.category,
        lat: where.lat,
        lon: where.lon,
        city: where.city,
        state: where.state,
        country: "India",
        offerTitle: offer ? input.offerTitle : null,
        couponCode: offer ? input.couponCode : null,
        offerTerms: offer ? input.offerTerms : null,
        validFrom: offer && input.validFrom ? startOfIndianDay(input.validFrom) : null,
        validUntil: offer && input.validUntil ? endOfIndianDay(input.validUntil) : null,
        callToActionType: offer ? input.callToActionType : null,
        callToActionUrl: offer && input.callToActionType === "website" ? input.callToActionUrl : null,
        pricePaid: price,
        createdAt: input.publishAt ?? new Date(),
      })
      .returning();
    if (key) await rememberRequest(tx, key, hash, post.id);
    // A scheduled post goes live from its own job at its time (kept in the database: a restart keeps it).
    if (post.status === "scheduled") await queueJob("publish-scheduled-posts", {}, { tx, startAfter: post.createdAt });
    return { ok: true as const, post, balance, repeated: false };
  });
}

/** One of the business's own posts; null for another business's (or no such) post, alike. */
export async function getOwnPost(userId: string, postId: string): Promise<OwnPost | null> {
  if (!isUuid(postId)) return null;
  const [post] = await db()
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)));
  return post ?? null;
}

/** An offer past its end, as SQL at the database's now(): hasEnded in ~/lib/post-status. */
const offerEnded = sql`(${posts.kind} = 'offer' and ${posts.validUntil} is not null and ${posts.validUntil} <= now())`;

/** A post in this status as the history shows it (postDisplayStatus in ~/lib/post-status), as SQL. */
export const IN_DISPLAY_STATUS: Record<PostDisplayStatus, SQL> = {
  scheduled: eq(posts.status, "scheduled"),
  removed: eq(posts.status, "removed"),
  ended: sql`(${inArray(posts.status, ["live", "hidden"])} and ${offerEnded})`,
  live: sql`(${eq(posts.status, "live")} and not ${offerEnded})`,
  hidden: sql`(${eq(posts.status, "hidden")} and not ${offerEnded})`,
};

/** The WHERE that lets a change of POST_CHANGE_RULES through: its `from` statuses and its kinds (nothing when it takes every one). */
function changeAllowed(rule: { from: readonly PostDisplayStatus[]; kinds: readonly OwnPost["kind"][] }): SQL | undefined {
  const everyStatus = POST_DISPLAY_STATUSES.every((status) => rule.from.includes(status));
  const everyKind = POST_KINDS.every((kind) => rule.kinds.includes(kind));
  return and(
    everyStatus ? undefined : or(...rule.from.map((status) => IN_DISPLAY_STATUS[status])),
    everyKind ? undefined : inArray(posts.kind, [...rule.kinds]),
  );
}

/**
 * The business's own changes to a post, as POST_CHANGE_RULES has them: hide it from the feed, show
 * it again, or end an offer early. The rule is checked in the UPDATE's WHERE, so two tabs cannot
 * both make it. Null when the post is not this business's, or the change does not apply to it
 * (nothing changes then).
 */
export async function changePost(userId: string, postId: string, change: PostChange): Promise<OwnPost | null> {
  if (!isUuid(postId)) return null;
  const rule = POST_CHANGE_RULES[change];
  const set =
    rule.to === "ended"
      ? // An offer ended before the day it was to start ends as it starts: its window is now.
        { validFrom: sql`least(${posts.validFrom}, now())`, validUntil: sql`now()` }
      : { status: rule.to };
  const [post] = await db()
    .update(posts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.userId, userId), changeAllowed(rule)))
    .returning();
  return post ?? null;
}

/** Corrections are free, and each one empties the feed's caches: a business may make this many an hour. */
export const EDITS_PER_HOUR: RateLimit = { limit: 30, windowSeconds: 3600 };

export async function throttleEditing(userId: string): Promise<Throttled | null> {
  const result = await hitRateLimit(`edit-post:user:${userId}`, EDITS_PER_HOUR);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

export const EDIT_MESSAGES = {
  otherKind: "A post cannot become an offer, nor an offer a post: send a new one instead.",
} as const;

export type EditResult =
  | { ok: true; post: OwnPost & { displayStatus: PostDisplayStatus } }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_applicable"; message: string }
  | { ok: false; reason: "invalid"; field: keyof PostEditInput; message: string };

/**
 * Corrects one of the business's posts, free, within its life (scheduled, live or hidden: the
 * edit rule of POST_CHANGE_RULES, checked in the UPDATE's WHERE with the owner): its text,
 * hashtags, images, category and an offer's title, coupon, terms and button. Its place, its time
 * in the feed, an offer's dates, its price and its likes and views stay; `editedAt` records the
 * correction for the history. No near-duplicate check: nothing is paid, and the post would only
 * be near its own earlier words. The feed's caches forget their pages, so the feed and the post's
 * own page show the new words on the next request (the posts trigger tells the kept pages).
 */
export async function editPost(userId: string, postId: string, input: PostEditInput): Promise<EditResult> {
  if (!isUuid(postId)) return { ok: false, reason: "not_found" };
  const unknown = input.category ? await unknownCategories(userId, [input.category]) : [];
  if (unknown.length) return { ok: false, reason: "invalid", field: "category", message: POST_MESSAGES.unknownCategory };
  const { usable, images } = await postImages(userId, input.images);
  if (!usable) return { ok: false, reason: "invalid", field: "images", message: PUBLISH_MESSAGES.notYourImage };
  const offer = input.kind === "offer";
  const now = new Date();
  const [edited] = await db()
    .update(posts)
    .set({
      content: input.content,
      hashtags: postHashtags(input.hashtags, input.content),
      images,
      category: input.category,
      offerTitle: offer ? input.offerTitle : null,
      couponCode: offer ? input.couponCode : null,
      offerTerms: offer ? input.offerTerms : null,
      callToActionType: offer ? input.callToActionType : null,
      callToActionUrl: offer && input.callToActionType === "website" ? input.callToActionUrl : null,
      editedAt: now,
      updatedAt: now,
    })
    .where(and(eq(posts.id, postId), eq(posts.userId, userId), eq(posts.kind, input.kind), changeAllowed(POST_CHANGE_RULES.edit)))
    .returning();
  if (edited) {
    return { ok: true, post: { ...edited, displayStatus: postDisplayStatus(edited) } };
  }
  const post = await getOwnPost(userId, postId);
  if (!post) return { ok: false, reason: "not_found" };
  const status = postDisplayStatus(post);
  if (!canEdit(status, post.kind)) return { ok: false, reason: "not_applicable", message: editRefusal(status, post.kind) };
  if (post.kind !== input.kind) return { ok: false, reason: "invalid", field: "kind", message: EDIT_MESSAGES.otherKind };
  return { ok: false, reason: "not_applicable", message: editRefusal(status, post.kind) };
}

/**
 * Deletes one of the business's posts, its likes and views with it. A scheduled post was paid for
 * and never shown: its price comes back, with its ledger row, in the same transaction. The
 * ledger's rows for a deleted post stay, for the accounts.
 */
export async function deletePost(userId: string, postId: string): Promise<{ refunded: number } | null> {
  if (!isUuid(postId)) return null;
  return db().transaction(async (tx) => {
    const [post] = await tx
      .select({ status: posts.status, pricePaid: posts.pricePaid })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.userId, userId), changeAllowed(POST_CHANGE_RULES.delete)))
      .for("update");
    if (!post) return null;
    const refund = post.status === "scheduled" ? post.pricePaid : 0;
    if (refund > 0) await grantCredits(tx, { userId, amount: refund, reason: "refund", reference: postId });
    await tx.delete(posts).where(and(eq(posts.id, postId), eq(posts.userId, userId)));
    return { refunded: refund };
  });
}

/**
 * Puts scheduled posts whose time has come into the feed, at the top (their time becomes now).
 * Run by the job each scheduled post queues, and at every start for any a stopped server missed.
 */
export async function publishDueScheduledPosts(now: Date = new Date()): Promise<string[]> {
  const rows = await db()
    .update(posts)
    .set({ status: "live", createdAt: now, updatedAt: now })
    .where(and(eq(posts.status, "scheduled"), lte(posts.createdAt, now)))
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}
