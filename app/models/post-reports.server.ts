import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { postReports, posts, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import type { PostReportReason } from "~/lib/post-report";
import type { PostReportInput } from "~/lib/schemas/post-reports";

import { livePostCondition } from "./live-post.server";
import { addressKey, hitRateLimit, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";

/**
 * Visitors' reports of posts: once per visitor and post (the table's key), only of a post the
 * feed shows, and a bounded number per client address. A report stays open until the admin acts
 * on its post (removes it, or restores it), which resolves every open one.
 */

/** Reports are rare; many phones share one carrier address, so the bound is generous but low enough to stop a flood. */
export const REPORT_LIMIT: RateLimit = { limit: 30, windowSeconds: 3600 };

export type ReportResult =
  { ok: true; alreadyReported: boolean } | { ok: false; reason: "not_found" } | ({ ok: false; reason: "throttled" } & Throttled);

export type ReportRequest = PostReportInput & { postId: string; visitorId: string; clientAddress: string | null };

/**
 * A visitor reports a post: counted against their address first (an unknown post counts too, so
 * ids cannot be probed for free), then filed. The HTML form and POST /api/posts/{id}/report both call this.
 */
export async function reportPost({ clientAddress, ...report }: ReportRequest): Promise<ReportResult> {
  const limit = await hitRateLimit(addressKey("report", clientAddress), REPORT_LIMIT);
  if (!limit.allowed) return { ok: false, reason: "throttled", ...throttledFor(limit.retryAfterSeconds) };
  return fileReport(report);
}

/**
 * Files a report of a live post (not hidden, removed, ended or of a suspended business): a second
 * one by the same visitor changes nothing and says so. The seed files its demo reports here too.
 */
export async function fileReport(report: PostReportInput & { postId: string; visitorId: string }): Promise<ReportResult> {
  if (!isUuid(report.postId)) return { ok: false, reason: "not_found" };
  return db().transaction(async (tx) => {
    const [live] = await tx
      .select({ id: posts.id })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.id, report.postId), livePostCondition()));
    if (!live) return { ok: false, reason: "not_found" } as const;
    const inserted = await tx
      .insert(postReports)
      .values({ postId: report.postId, visitorId: report.visitorId, reason: report.reason, details: report.details })
      .onConflictDoNothing()
      .returning({ postId: postReports.postId });
    return { ok: true, alreadyReported: inserted.length === 0 } as const;
  });
}

/** Whether this visitor has reported this post already (the report page then thanks them instead of asking again). */
export async function hasReported(postId: string, visitorId: string | null): Promise<boolean> {
  if (!visitorId || !isUuid(postId)) return false;
  const [row] = await db()
    .select({ postId: postReports.postId })
    .from(postReports)
    .where(and(eq(postReports.postId, postId), eq(postReports.visitorId, visitorId)));
  return Boolean(row);
}

/** One report as the admin reads it (who reported is an anonymous id: not shown). */
export type PostReportEntry = { reason: PostReportReason; details: string | null; createdAt: string; resolvedAt: string | null };

/** A post's reports, open ones first, newest first. */
export async function listPostReports(postId: string): Promise<PostReportEntry[]> {
  if (!isUuid(postId)) return [];
  const rows = await db()
    .select({
      reason: postReports.reason,
      details: postReports.details,
      createdAt: postReports.createdAt,
      resolvedAt: postReports.resolvedAt,
    })
    .from(postReports)
    .where(eq(postReports.postId, postId))
    .orderBy(sql`${postReports.resolvedAt} is not null`, desc(postReports.createdAt), asc(postReports.visitorId))
    .limit(200);
  return rows.map((row) => ({
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}

/** How many posts have open reports (what waits for the admin: the dashboard's count). */
export async function countReportedPosts(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(distinct ${postReports.postId})::int` })
    .from(postReports)
    .where(isNull(postReports.resolvedAt));
  return row.count;
}

/** How many open reports a post has, read in the transaction of the admin's action on it. */
export async function countOpenReports(tx: Transaction, postId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(postReports)
    .where(and(eq(postReports.postId, postId), isNull(postReports.resolvedAt)));
  return row.count;
}

/** Closes a post's open reports, in the transaction of the admin's action on it; answers how many. */
export async function resolveOpenReports(tx: Transaction, postId: string): Promise<number> {
  const resolved = await tx
    .update(postReports)
    .set({ resolvedAt: new Date() })
    .where(and(eq(postReports.postId, postId), isNull(postReports.resolvedAt)))
    .returning({ postId: postReports.postId });
  return resolved.length;
}
