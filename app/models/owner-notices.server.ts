import { and, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { config } from "~/config.server";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { campaigns, creditLedger, creditOrders, creditPacks, invoices, posts, users } from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import { ownerNoticeHeadline, ownerNoticeLink, ownerNoticeMail, type OwnerNotice, type OwnerNoticeKind } from "~/lib/mail/templates";
import { paths } from "~/lib/paths";
import { getMailer } from "~/services/mail.server";

import { activeAccountCondition } from "./account-rules.server";
import { countsFor } from "./campaigns.server";

/**
 * What a business owner is told about its money and its posts: a payment received (with its
 * invoice), an order that failed or expired unpaid, credits the admin added or took, a post the
 * admin removed, a campaign that finished. Each is told twice from the same rows: a mail, sent by
 * the `owner-notice-mail` job that the event's model queues inside the event's own transaction
 * (a rolled-back event mails nothing; an event that happens once, such as an order moving to
 * 'paid' under its row lock, mails once however often its webhook comes), and the dashboard's
 * 'Recent activity', read from the rows themselves rather than from a copy.
 */

/** A campaign's mail waits this long after it settles, so most delivery reports are in its numbers. */
export const CAMPAIGN_MAIL_DELAY_MINUTES = 10;

/** How many notices the dashboard shows. */
export const RECENT_NOTICES = 5;

/**
 * Queues the owner's mail about an event, in the event's transaction: `id` is the row the event
 * changed (the order, the ledger row, the post, the campaign), read again when the mail goes.
 */
export async function queueOwnerNotice(tx: Transaction, kind: OwnerNoticeKind, id: string, options: { startAfter?: Date } = {}) {
  await queueJob("owner-notice-mail", { kind, id }, { tx, ...options });
}

/** A notice as its rows have it now, for one business. */
type NoticeRow = { id: string; userId: string; at: Date; notice: OwnerNotice };

/** Which rows to read: one event (the mail), or a business's latest (the dashboard). */
type NoticeFilter = { id: string } | { userId: string; limit: number };

/** Links in a mail are absolute, from the configured address only; the dashboard's are paths. */
type Origin = string;

/** The filter as a WHERE condition on the table: the owner is always in it for the dashboard. */
function narrow(filter: NoticeFilter, table: { id: AnyPgColumn; userId: AnyPgColumn }): SQL {
  return "userId" in filter ? eq(table.userId, filter.userId) : eq(table.id, filter.id);
}

const limitOf = (filter: NoticeFilter) => ("limit" in filter ? filter.limit : 1);

/** Every notice row's id, owner and time, then its kind's own notice. */
function asNotices<Row extends { id: string; userId: string; at: Date }>(rows: Row[], notice: (row: Row) => OwnerNotice): NoticeRow[] {
  return rows.map((row) => ({ id: row.id, userId: row.userId, at: row.at, notice: notice(row) }));
}

async function paymentsReceived(filter: NoticeFilter, origin: Origin): Promise<NoticeRow[]> {
  const rows = await db()
    .select({
      id: creditOrders.id,
      userId: creditOrders.userId,
      at: sql<Date>`coalesce(${creditOrders.paidAt}, ${creditOrders.updatedAt})`.mapWith(creditOrders.updatedAt),
      credits: creditOrders.credits,
      packName: creditPacks.name,
      pricePaise: creditOrders.pricePaise,
      gstPaise: creditOrders.gstPaise,
      gstRatePercent: creditOrders.gstRatePercent,
      totalPaise: creditOrders.totalPaise,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
      paymentId: invoices.paymentId,
      balance: creditLedger.balanceAfter,
    })
    .from(creditOrders)
    .innerJoin(creditPacks, eq(creditPacks.id, creditOrders.packId))
    .innerJoin(invoices, and(eq(invoices.orderId, creditOrders.id), eq(invoices.userId, creditOrders.userId)))
    .innerJoin(
      creditLedger,
      and(
        eq(creditLedger.userId, creditOrders.userId),
        eq(creditLedger.reason, "purchase"),
        eq(creditLedger.reference, sql`${creditOrders.id}::text`),
      ),
    )
    .where(and(eq(creditOrders.status, "paid"), narrow(filter, creditOrders)))
    .orderBy(desc(creditOrders.paidAt))
    .limit(limitOf(filter));
  return asNotices(rows, ({ id: _id, userId: _userId, at: _at, invoiceId, ...data }) => ({
    kind: "payment_received",
    data: { ...data, invoiceUrl: `${origin}${paths.invoice(invoiceId)}` },
  }));
}

/**
 * Orders that reached the payment step (a link was made) and ended without credits: unpaid, or paid
 * too late to be credited (kept to refund). One the gateway never took had its refusal on screen.
 */
const UNCREDITED = ["failed", "expired", "to_refund", "refunded"] as const;

async function ordersUnpaid(filter: NoticeFilter, origin: Origin): Promise<NoticeRow[]> {
  const rows = await db()
    .select({
      id: creditOrders.id,
      userId: creditOrders.userId,
      at: creditOrders.updatedAt,
      status: creditOrders.status,
      paymentId: creditOrders.paymentId,
      credits: creditOrders.credits,
      packName: creditPacks.name,
      totalPaise: creditOrders.totalPaise,
    })
    .from(creditOrders)
    .innerJoin(creditPacks, eq(creditPacks.id, creditOrders.packId))
    .where(and(inArray(creditOrders.status, UNCREDITED), isNotNull(creditOrders.paymentLinkId), narrow(filter, creditOrders)))
    .orderBy(desc(creditOrders.updatedAt))
    .limit(limitOf(filter));
  return asNotices(rows, (row) => ({
    kind: "order_unpaid",
    data: {
      status: row.status as (typeof UNCREDITED)[number],
      paymentId: row.paymentId,
      credits: row.credits,
      packName: row.packName,
      totalPaise: row.totalPaise,
      creditsUrl: `${origin}${paths.credits()}`,
    },
  }));
}

async function creditAdjustments(filter: NoticeFilter, origin: Origin): Promise<NoticeRow[]> {
  const rows = await db()
    .select({
      id: creditLedger.id,
      userId: creditLedger.userId,
      at: creditLedger.createdAt,
      amount: creditLedger.amount,
      note: creditLedger.note,
      balanceAfter: creditLedger.balanceAfter,
    })
    .from(creditLedger)
    // The admin's form always carries its reference; a balance set without one (demo data) was nobody's decision to tell about.
    .where(and(eq(creditLedger.reason, "admin_adjustment"), isNotNull(creditLedger.reference), narrow(filter, creditLedger)))
    .orderBy(desc(creditLedger.createdAt))
    .limit(limitOf(filter));
  return asNotices(rows, (row) => ({
    kind: "credits_adjusted",
    data: { amount: row.amount, reason: row.note, balance: row.balanceAfter, creditsUrl: `${origin}${paths.credits()}` },
  }));
}

/** What a removed post said, cut to a readable length. */
const EXCERPT_CHARACTERS = 280;

function excerptOf(post: { offerTitle: string | null; content: string }): string {
  const said = [post.offerTitle, post.content].filter(Boolean).join("\n");
  return said.length > EXCERPT_CHARACTERS ? `${said.slice(0, EXCERPT_CHARACTERS - 1).trimEnd()}…` : said;
}

async function postsRemoved(filter: NoticeFilter, origin: Origin): Promise<NoticeRow[]> {
  const rows = await db()
    .select({
      id: posts.id,
      userId: posts.userId,
      at: posts.updatedAt,
      kind: posts.kind,
      offerTitle: posts.offerTitle,
      content: posts.content,
      removedReason: posts.removedReason,
    })
    .from(posts)
    .where(and(eq(posts.status, "removed"), narrow(filter, posts)))
    .orderBy(desc(posts.updatedAt))
    .limit(limitOf(filter));
  return asNotices(rows, (row) => ({
    kind: "post_removed",
    data: { kind: row.kind, excerpt: excerptOf(row), reason: row.removedReason, historyUrl: `${origin}${paths.postsHistory()}` },
  }));
}

/** Campaigns that went out (or could not): a cancelled one was stopped by someone who knows. */
async function campaignsFinished(filter: NoticeFilter, origin: Origin): Promise<NoticeRow[]> {
  const finishedAt = sql<Date>`coalesce(${campaigns.completedAt}, ${campaigns.settledAt})`;
  const rows = await db()
    .select({
      id: campaigns.id,
      userId: campaigns.userId,
      at: finishedAt.mapWith(campaigns.settledAt),
      name: campaigns.name,
      status: campaigns.status,
      statusReason: campaigns.statusReason,
      recipientsCount: campaigns.recipientsCount,
      refunded: campaigns.refunded,
    })
    .from(campaigns)
    .where(and(isNotNull(campaigns.settledAt), inArray(campaigns.status, ["sent", "failed"]), narrow(filter, campaigns)))
    .orderBy(desc(finishedAt))
    .limit(limitOf(filter));
  const counts = await countsFor(rows.map((row) => row.id));
  return asNotices(rows, (row) => {
    const tally = counts.get(row.id)!;
    const reported = tally.queued + tally.delivered + tally.failed + tally.skipped + tally.cancelled;
    return {
      kind: "campaign_finished",
      data: {
        campaignName: row.name,
        status: row.status === "sent" ? "sent" : "failed",
        statusReason: row.statusReason,
        counts: {
          recipients: Math.max(row.recipientsCount, tally.total),
          sent: tally.sent,
          delivered: tally.delivered,
          failed: tally.failed,
          // Taken by the operator, no delivery report yet.
          awaiting: tally.total - reported,
          notSent: tally.skipped + tally.cancelled,
        },
        refunded: row.refunded,
        campaignUrl: `${origin}${paths.campaign(row.id)}`,
      },
    };
  });
}

const READERS: Record<OwnerNoticeKind, (filter: NoticeFilter, origin: Origin) => Promise<NoticeRow[]>> = {
  payment_received: paymentsReceived,
  order_unpaid: ordersUnpaid,
  credits_adjusted: creditAdjustments,
  post_removed: postsRemoved,
  campaign_finished: campaignsFinished,
};

/**
 * The `owner-notice-mail` job: mails the owner about the event as its rows are now. Nothing goes
 * when the event no longer holds (a removed post restored meanwhile), the account is not active,
 * or its email is not verified: an address nobody proved may be someone else's, and what a
 * business buys and sends is its own affair (the dashboard shows it either way).
 */
export async function mailOwnerNotice({ kind, id }: { kind: OwnerNoticeKind; id: string }): Promise<boolean> {
  const [row] = await READERS[kind]({ id }, config.PUBLIC_ORIGIN);
  if (!row) return false;
  const [owner] = await db()
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, row.userId), activeAccountCondition(), isNotNull(users.emailVerifiedAt)));
  if (!owner) return false;
  await getMailer().send({ to: owner.email, ...ownerNoticeMail(row.notice, { name: owner.name }) });
  return true;
}

export type RecentNotice = { kind: OwnerNoticeKind; id: string; at: Date; headline: string; link: { label: string; to: string } };

/** The dashboard's 'Recent activity': the business's latest notices of every kind, newest first. */
export async function recentOwnerNotices(userId: string, limit = RECENT_NOTICES): Promise<RecentNotice[]> {
  const filter = { userId, limit };
  const rows = (await Promise.all(Object.values(READERS).map((read) => read(filter, "")))).flat();
  return rows
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, limit)
    .map(({ id, at, notice }) => {
      const link = ownerNoticeLink(notice);
      return { kind: notice.kind, id, at, headline: ownerNoticeHeadline(notice), link: { label: link.label, to: link.url } };
    });
}
