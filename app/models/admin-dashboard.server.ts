import { and, count, eq, gte, inArray, isNull, sql, sum, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

import { db } from "~/db/db.server";
import { indianDaySql } from "~/db/india-time.server";
import { campaigns, contacts, creditLedger, postLikes, postReports, postViews, posts, smsMessages, users } from "~/db/schema";
import { addDays, startOfIndianDay } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";

import { listAdminActions, type AdminActionEntry } from "./admin-audit.server";
import { countPaymentsToLookAt } from "./admin-payments.server";
import { livePostCondition } from "./live-post.server";

/** The dashboard's charts cover the last this many days in India, today included. */
export const DASHBOARD_DAYS = 30;

/** What credits are spent on (the ledger's charges); purchases are what is sold. */
const SPENDING_REASONS = ["post", "offer", "sms", "campaign"] as const;

export type DailySeries = { days: string[]; values: Record<string, number[]> };

export type AdminDashboard = {
  totals: {
    businesses: number;
    posts: number;
    offers: number;
    /** Offers the feed shows now: running, of an active business. */
    liveOffers: number;
    contacts: number;
    likes: number;
    views: number;
    smsSent: number;
    smsDelivered: number;
    creditsSold: number;
    creditsSpent: number;
  };
  daily: DailySeries;
  waiting: { reportedPosts: number; failedCampaigns: number; paymentsToCheck: number };
  latestActions: AdminActionEntry[];
};

/** One day's count per Indian day from `since`, of the rows of `table` matching `where`; `value` sums instead of counting. */
async function perDay(table: PgTable, at: AnyColumn, since: Date, where?: SQL, value?: SQL<number>): Promise<Map<string, number>> {
  const day = indianDaySql(at);
  const rows = await db()
    .select({ day, value: value ?? sql<number>`count(*)::int` })
    .from(table)
    .where(and(gte(at, since), where))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, Number(row.value)]));
}

const numberOf = (value: unknown) => Number(value ?? 0);

/**
 * The admin dashboard: totals across the product, the last DASHBOARD_DAYS days per day (each query
 * bounded to that period), what waits for the admin, and the latest admin actions.
 */
export async function adminDashboard(now: Date = new Date()): Promise<AdminDashboard> {
  const today = indianDate(now);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => addDays(today, index - DASHBOARD_DAYS + 1));
  const since = startOfIndianDay(days[0]);
  const spending = inArray(creditLedger.reason, SPENDING_REASONS);

  const [totals, daily, waiting, latestActions] = await Promise.all([
    productTotals(spending),
    Promise.all([
      perDay(users, users.createdAt, since, eq(users.role, "user")),
      perDay(posts, posts.createdAt, since, eq(posts.kind, "update")),
      perDay(posts, posts.createdAt, since, eq(posts.kind, "offer")),
      perDay(postLikes, postLikes.createdAt, since),
      perDay(postViews, postViews.createdAt, since),
      perDay(smsMessages, smsMessages.submittedAt, since),
      perDay(smsMessages, smsMessages.finishedAt, since, eq(smsMessages.status, "delivered")),
      perDay(
        creditLedger,
        creditLedger.createdAt,
        since,
        eq(creditLedger.reason, "purchase"),
        sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int`,
      ),
      perDay(creditLedger, creditLedger.createdAt, since, spending, sql<number>`coalesce(-sum(${creditLedger.amount}), 0)::int`),
    ]),
    waitingForAdmin(now),
    listAdminActions({ limit: 10 }),
  ]);
  const keys = ["businesses", "posts", "offers", "likes", "views", "smsSent", "smsDelivered", "creditsSold", "creditsSpent"] as const;
  const values = Object.fromEntries(keys.map((key, index) => [key, days.map((day) => daily[index].get(day) ?? 0)]));
  return { totals, daily: { days, values }, waiting, latestActions };
}

async function productTotals(spending: SQL): Promise<AdminDashboard["totals"]> {
  const [[businesses], [postCounts], [liveOffers], [contactCount], [smsCounts], [credits]] = await Promise.all([
    db().select({ total: count() }).from(users).where(eq(users.role, "user")),
    db()
      .select({
        posts: sql<number>`count(*) filter (where ${posts.kind} = 'update')::int`,
        offers: sql<number>`count(*) filter (where ${posts.kind} = 'offer')::int`,
        likes: sum(posts.likesCount),
        views: sum(posts.viewsCount),
      })
      .from(posts),
    db()
      .select({ total: count() })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.kind, "offer"), livePostCondition())),
    db().select({ total: count() }).from(contacts),
    db()
      .select({
        sent: sql<number>`count(*) filter (where ${smsMessages.submittedAt} is not null)::int`,
        delivered: sql<number>`count(*) filter (where ${smsMessages.status} = 'delivered')::int`,
      })
      .from(smsMessages),
    db()
      .select({
        sold: sql<number>`coalesce(sum(${creditLedger.amount}) filter (where ${creditLedger.reason} = 'purchase'), 0)::int`,
        spent: sql<number>`coalesce(-sum(${creditLedger.amount}) filter (where ${spending}), 0)::int`,
      })
      .from(creditLedger),
  ]);
  return {
    businesses: businesses.total,
    posts: numberOf(postCounts.posts),
    offers: numberOf(postCounts.offers),
    liveOffers: liveOffers.total,
    contacts: contactCount.total,
    likes: numberOf(postCounts.likes),
    views: numberOf(postCounts.views),
    smsSent: numberOf(smsCounts.sent),
    smsDelivered: numberOf(smsCounts.delivered),
    creditsSold: numberOf(credits.sold),
    creditsSpent: numberOf(credits.spent),
  };
}

/** What waits for the admin: posts with open reports, campaigns that failed in the period, payments to look at (admin-payments.server.ts). */
async function waitingForAdmin(now: Date): Promise<AdminDashboard["waiting"]> {
  const since = new Date(now.getTime() - DASHBOARD_DAYS * 86_400_000);
  const [[reported], [failed], payments] = await Promise.all([
    db()
      .select({ total: sql<number>`count(distinct ${postReports.postId})::int` })
      .from(postReports)
      .where(isNull(postReports.resolvedAt)),
    db()
      .select({ total: count() })
      .from(campaigns)
      .where(and(eq(campaigns.status, "failed"), gte(campaigns.updatedAt, since))),
    countPaymentsToLookAt(now),
  ]);
  return { reportedPosts: numberOf(reported.total), failedCampaigns: failed.total, paymentsToCheck: payments };
}
