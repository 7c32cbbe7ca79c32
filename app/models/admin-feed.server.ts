import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { adminAuditLog, postReports, posts, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { POST_REPORT_REASONS, type PostReportReason } from "~/lib/post-report";
import { POST_KIND_LABELS, POST_STATUSES, postDisplayStatus, type PostDisplayStatus, type StoredPostStatus } from "~/lib/post-status";
import type { AdminFeedQuery } from "~/lib/schemas/admin-feed.server";
import { likePattern } from "~/lib/search-terms";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import { queueOwnerNotice } from "./owner-notices.server";
import { countOpenReports, resolveOpenReports } from "./post-reports.server";
import { IN_DISPLAY_STATUS } from "./posts.server";

/**
 * The admin's view of every post and offer, of any business and in any status, and the admin's
 * two changes to one: remove it with a reason its business reads, and restore it. Each change
 * resolves the post's open reports and writes its audit row in the same transaction, then the
 * feed's caches forget what they kept, so the next visitor no longer sees a removed post.
 */

/** Rows per page of /admin/feed (a bound: the list never reads more at once). */
export const ADMIN_FEED_PAGE_SIZE = 25;
const EXCERPT_CHARS = 200;

export type ReasonCount = { reason: PostReportReason; count: number };

export type AdminFeedRow = {
  id: string;
  kind: (typeof posts.$inferSelect)["kind"];
  status: StoredPostStatus;
  displayStatus: PostDisplayStatus;
  offerTitle: string | null;
  excerpt: string;
  city: string | null;
  state: string | null;
  category: string | null;
  createdAt: string;
  likesCount: number;
  viewsCount: number;
  removedReason: string | null;
  business: { id: string; name: string; email: string };
  openReports: number;
  reportReasons: ReasonCount[];
};

export type AdminFeedPage = { rows: AdminFeedRow[]; total: number; page: number; pageCount: number };

const openReportCount = sql<number>`(select count(*)::int from ${postReports} r where r.post_id = ${posts.id} and r.resolved_at is null)`;
const openReportReasons = sql<
  string | null
>`(select string_agg(r.reason, ',') from ${postReports} r where r.post_id = ${posts.id} and r.resolved_at is null)`;

const ROW_COLUMNS = {
  id: posts.id,
  kind: posts.kind,
  status: posts.status,
  offerTitle: posts.offerTitle,
  content: posts.content,
  images: posts.images,
  city: posts.city,
  state: posts.state,
  category: posts.category,
  validUntil: posts.validUntil,
  createdAt: posts.createdAt,
  likesCount: posts.likesCount,
  viewsCount: posts.viewsCount,
  removedReason: posts.removedReason,
  userId: posts.userId,
  businessName: users.businessName,
  ownerName: users.name,
  email: users.email,
  openReports: openReportCount,
  reasons: openReportReasons,
};

function selectRows() {
  return db().select(ROW_COLUMNS).from(posts).innerJoin(users, eq(users.id, posts.userId));
}

type RowData = Awaited<ReturnType<typeof selectRows>>[number];

function filtersOf(query: AdminFeedQuery): SQL | undefined {
  const business = query.business;
  return and(
    query.q ? or(ilike(posts.content, likePattern(query.q)), ilike(posts.offerTitle, likePattern(query.q))) : undefined,
    query.status ? IN_DISPLAY_STATUS[query.status] : undefined,
    query.kind ? eq(posts.kind, query.kind) : undefined,
    query.city ? ilike(posts.city, likePattern(query.city)) : undefined,
    query.category ? sql`lower(${posts.category}) = lower(${query.category})` : undefined,
    business
      ? isUuid(business)
        ? eq(posts.userId, business)
        : or(ilike(users.businessName, likePattern(business)), ilike(users.name, likePattern(business)))
      : undefined,
    query.reported ? sql`${openReportCount} > 0` : undefined,
  );
}

/** Counts of each reason among a post's open reports, most given first. */
function reasonCounts(reasons: string | null): ReasonCount[] {
  const counts = new Map<PostReportReason, number>();
  for (const reason of reasons ? reasons.split(",") : []) {
    if ((POST_REPORT_REASONS as readonly string[]).includes(reason)) {
      counts.set(reason as PostReportReason, (counts.get(reason as PostReportReason) ?? 0) + 1);
    }
  }
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

function excerptOf(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length <= EXCERPT_CHARS ? flat : `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;
}

function toRow(row: RowData, now: Date): AdminFeedRow {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    displayStatus: postDisplayStatus(row, now),
    offerTitle: row.offerTitle,
    excerpt: excerptOf(row.content),
    city: row.city,
    state: row.state,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    likesCount: row.likesCount,
    viewsCount: row.viewsCount,
    removedReason: row.removedReason,
    business: { id: row.userId, name: row.businessName || row.ownerName || "Unknown Business", email: row.email },
    openReports: Number(row.openReports),
    reportReasons: reasonCounts(row.reasons),
  };
}

/** One page of every post and offer matching the filters: newest first, or most reported first. */
export async function listAdminFeed(query: AdminFeedQuery, now: Date = new Date()): Promise<AdminFeedPage> {
  const where = filtersOf(query);
  const [{ total }] = await db()
    .select({ total: sql<number>`count(*)::int` })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_FEED_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const order =
    query.sort === "reported" ? [desc(openReportCount), desc(posts.createdAt), desc(posts.id)] : [desc(posts.createdAt), desc(posts.id)];
  const rows = await selectRows()
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_FEED_PAGE_SIZE)
    .offset((page - 1) * ADMIN_FEED_PAGE_SIZE);
  return { rows: rows.map((row) => toRow(row, now)), total: Number(total), page, pageCount };
}

/** One post as its admin page shows it (content whole), or null for an unknown id. */
export async function getAdminPost(
  postId: string,
  now: Date = new Date(),
): Promise<(AdminFeedRow & { content: string; images: string[] }) | null> {
  if (!isUuid(postId)) return null;
  const [row] = await selectRows().where(eq(posts.id, postId));
  return row ? { ...toRow(row, now), content: row.content, images: row.images } : null;
}

export const ADMIN_POST_REFUSALS = {
  alreadyRemoved: "This post was already removed: nothing changed.",
  noOpenReports: "This post has no open reports to dismiss: nothing changed.",
  notRemoved: "Only a removed post can be restored: this one was not removed.",
} as const;

export type AdminPostChange =
  | { ok: true; status: StoredPostStatus; displayStatus: PostDisplayStatus; resolvedReports: number }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "refused"; message: string };

/** 'Removed offer "Diwali 20% off" by Kiran Sweets': the audit row's one line. */
function describe(verb: string, post: { kind: AdminFeedRow["kind"]; offerTitle: string | null; content: string }, business: string) {
  const title = post.offerTitle || excerptOf(post.content).slice(0, 60);
  return `${verb} ${POST_KIND_LABELS[post.kind].toLowerCase()} "${title}" by ${business}`;
}

async function lockedPost(tx: Transaction, postId: string) {
  const [post] = await tx
    .select({
      id: posts.id,
      kind: posts.kind,
      status: posts.status,
      content: posts.content,
      offerTitle: posts.offerTitle,
      validUntil: posts.validUntil,
      createdAt: posts.createdAt,
      removedReason: posts.removedReason,
      businessName: users.businessName,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, postId))
    .for("update", { of: posts });
  return post ?? null;
}

type LockedPost = NonNullable<Awaited<ReturnType<typeof lockedPost>>>;

/**
 * An admin change to one post: the post locked in a transaction (unknown: not found), the change
 * `make` decides, then its open reports resolved and its audit row written in the same
 * transaction; once committed, the feed's caches forget what they kept.
 */
async function changeAsAdmin(
  admin: ActingAdmin,
  postId: string,
  make: (
    tx: Transaction,
    post: LockedPost,
  ) => Promise<
    | { refusal: string }
    | { action: string; verb: string; status: StoredPostStatus; displayStatus: PostDisplayStatus; after: object; reason?: string }
  >,
): Promise<AdminPostChange> {
  if (!isUuid(postId)) return { ok: false, reason: "not_found" };
  const result = await db().transaction(async (tx): Promise<AdminPostChange> => {
    const post = await lockedPost(tx, postId);
    if (!post) return { ok: false, reason: "not_found" };
    const change = await make(tx, post);
    if ("refusal" in change) return { ok: false, reason: "refused", message: change.refusal };
    const resolvedReports = await resolveOpenReports(tx, postId);
    await recordAdminAction(tx, admin, {
      action: change.action,
      entityType: "post",
      entityId: postId,
      summary: describe(change.verb, post, post.businessName),
      before: { status: post.status, removedReason: post.removedReason },
      after: { ...change.after, status: change.status, resolvedReports },
      reason: change.reason,
    });
    return { ok: true, status: change.status, displayStatus: change.displayStatus, resolvedReports };
  });
  return result;
}

/**
 * Takes a post out of the feed with the reason its business reads in its Posts History: status
 * 'removed', its open reports resolved, the audit row (the status before, so a restore can
 * return to it) in the same transaction. A post already removed is refused and left as it is.
 */
export function removePost(admin: ActingAdmin, { postId, reason }: { postId: string; reason: string }): Promise<AdminPostChange> {
  return changeAsAdmin(admin, postId, async (tx, post) => {
    if (post.status === "removed") return { refusal: ADMIN_POST_REFUSALS.alreadyRemoved };
    await tx.update(posts).set({ status: "removed", removedReason: reason, updatedAt: new Date() }).where(eq(posts.id, postId));
    await queueOwnerNotice(tx, "post_removed", postId);
    return {
      action: "remove_post",
      verb: "Removed",
      status: "removed",
      displayStatus: "removed",
      after: { removedReason: reason },
      reason,
    };
  });
}

/** The status a post had before its latest removal, from that removal's audit row; 'live' when none says. */
async function statusBeforeRemoval(tx: Transaction, postId: string) {
  const [row] = await tx
    .select({ before: adminAuditLog.before })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entityType, "post"), eq(adminAuditLog.entityId, postId), eq(adminAuditLog.action, "remove_post")))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(1);
  const status = (row?.before as { status?: unknown } | null)?.status;
  return (POST_STATUSES as readonly unknown[]).includes(status) && status !== "removed" ? (status as StoredPostStatus) : "live";
}

/**
 * Puts a removed post back as it was before (live, or hidden by its business, or scheduled while
 * its time is still to come; a scheduled one whose time passed goes live now, at the top as it
 * would have). An offer that ended meanwhile stays out of the feed: its end is its end. Its open
 * reports are resolved, its reason cleared, the audit row written, all in one transaction.
 */
export function restorePost(admin: ActingAdmin, { postId }: { postId: string }, now: Date = new Date()): Promise<AdminPostChange> {
  return changeAsAdmin(admin, postId, async (tx, post) => {
    if (post.status !== "removed") return { refusal: ADMIN_POST_REFUSALS.notRemoved };
    const before = await statusBeforeRemoval(tx, postId);
    const dueNow = before === "scheduled" && post.createdAt.getTime() <= now.getTime();
    const status: StoredPostStatus = dueNow ? "live" : before;
    await tx
      .update(posts)
      .set({ status, removedReason: null, updatedAt: now, ...(dueNow ? { createdAt: now } : {}) })
      .where(eq(posts.id, postId));
    return { action: "restore_post", verb: "Restored", status, displayStatus: postDisplayStatus({ ...post, status }, now), after: {} };
  });
}

/**
 * Dismisses a post's open reports without touching the post: a report the admin finds unfounded
 * should not cost a business its post (removing was the only way to close one). The reports are
 * resolved and the audit row written in one transaction; a post without open reports is refused.
 */
export function dismissReports(admin: ActingAdmin, { postId }: { postId: string }, now: Date = new Date()): Promise<AdminPostChange> {
  return changeAsAdmin(admin, postId, async (tx, post) => {
    if ((await countOpenReports(tx, postId)) === 0) return { refusal: ADMIN_POST_REFUSALS.noOpenReports };
    return {
      action: "dismiss_reports",
      verb: "Dismissed the reports on",
      status: post.status,
      displayStatus: postDisplayStatus(post, now),
      after: {},
    };
  });
}
