import { and, count, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { db } from "~/db/db.server";
import { campaigns, smsMessages, users } from "~/db/schema";
import { actionRefusal, canApply, type CampaignStatus } from "~/lib/campaign-status";
import { addDays, endOfIndianDay, startOfIndianDay } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { isUuid } from "~/lib/ids";
import {
  ADMIN_CAMPAIGN_ACTIONS,
  type AdminCampaignAction,
  type AdminCampaignsQuery,
  type AdminSmsHistoryQuery,
} from "~/lib/schemas/admin-sms";
import { likePattern } from "~/lib/search-terms";
import type { SmsStatus } from "~/lib/sms-status";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import {
  CAMPAIGN_REFUSALS,
  getCampaign,
  settle,
  smsMessagesPage,
  transitionCampaign,
  type CampaignDetail,
  type CampaignRefusal,
} from "./campaigns.server";

/**
 * The admin's view of every business's SMS: campaigns and messages across businesses, filtered and
 * totalled, and the admin's pause and cancel, which go through the campaign state machine
 * (transitionCampaign, the transition table's `from`) exactly as the business's own do, with the
 * admin's reason as the campaign's status reason (the business reads it on its campaign's page) and
 * an audit row in the same transaction.
 */

export type AdminBusiness = { id: string; businessName: string; email: string };

/**
 * A 'Business' filter: an id (exact), or a search of business names, owner names and emails (any
 * part, any case). The search runs over users, far fewer rows than messages; the messages and
 * campaigns are then read by their user_id indexes.
 */
function businessCondition(userId: PgColumn, term: string | null): SQL | undefined {
  if (!term) return undefined;
  if (isUuid(term)) return eq(userId, term.toLowerCase());
  const pattern = sql`lower(${likePattern(term)})`;
  return sql`${userId} in (select ${users.id} from ${users} where lower(${users.businessName}) like ${pattern} or lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`;
}

/** Days in India, both included, on a created_at column. */
function periodCondition(createdAt: PgColumn, from: string | null, to: string | null): SQL[] {
  return [...(from ? [gte(createdAt, startOfIndianDay(from))] : []), ...(to ? [lte(createdAt, endOfIndianDay(to))] : [])];
}

async function businessesById(ids: string[]): Promise<Map<string, AdminBusiness>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: users.id, businessName: users.businessName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

// ─── Campaigns ────────────────────────────────────────────────────────────────────────────────

export const ADMIN_CAMPAIGNS_PAGE_SIZE = 25;

export type AdminCampaignRow = {
  id: string;
  name: string;
  status: CampaignStatus;
  statusReason: string | null;
  category: string;
  createdAt: Date;
  startsAt: Date | null;
  recipientsCount: number;
  cost: number;
  refunded: number;
  business: AdminBusiness;
};

export type AdminCampaignTotals = { campaigns: number; recipients: number; cost: number; refunded: number };

/** Every business's campaigns matching the filter, newest first, a page at a time, with the filter's totals. */
export async function listAllCampaigns(query: AdminCampaignsQuery) {
  const where = and(
    businessCondition(campaigns.userId, query.business),
    query.status ? eq(campaigns.status, query.status) : undefined,
    ...periodCondition(campaigns.createdAt, query.from, query.to),
  );
  const [totals] = await db()
    .select({
      campaigns: count(),
      recipients: sql<number>`coalesce(sum(${campaigns.recipientsCount}), 0)`.mapWith(Number),
      cost: sql<number>`coalesce(sum(${campaigns.cost}), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${campaigns.refunded}), 0)`.mapWith(Number),
    })
    .from(campaigns)
    .where(where);
  const pageCount = pageCountOf(totals.campaigns, ADMIN_CAMPAIGNS_PAGE_SIZE);
  const page = Math.min(query.page, pageCount);
  const rows = await db()
    .select({
      id: campaigns.id,
      userId: campaigns.userId,
      name: campaigns.name,
      status: campaigns.status,
      statusReason: campaigns.statusReason,
      category: campaigns.category,
      createdAt: campaigns.createdAt,
      startsAt: campaigns.startsAt,
      recipientsCount: campaigns.recipientsCount,
      cost: campaigns.cost,
      refunded: campaigns.refunded,
    })
    .from(campaigns)
    .where(where)
    // As the (created_at DESC, id DESC) index has them (NULLS LAST, as it was built), so it is read in order.
    .orderBy(sql`${campaigns.createdAt} desc nulls last`, sql`${campaigns.id} desc nulls last`)
    .limit(ADMIN_CAMPAIGNS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_CAMPAIGNS_PAGE_SIZE);
  const businesses = await businessesById([...new Set(rows.map((row) => row.userId))]);
  const list: AdminCampaignRow[] = rows.map(({ userId, ...row }) => ({ ...row, business: businesses.get(userId)! }));
  return { campaigns: list, totals: totals as AdminCampaignTotals, page, pageCount };
}

export type AdminCampaignDetail = CampaignDetail & { business: AdminBusiness; adminActions: AdminCampaignAction[] };

/** Any business's campaign with its counts, timeline and the admin's actions it allows now; null for an unknown (or malformed) id. */
export async function getCampaignForAdmin(campaignId: string): Promise<AdminCampaignDetail | null> {
  if (!isUuid(campaignId)) return null;
  const [owner] = await db()
    .select({ id: users.id, businessName: users.businessName, email: users.email })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(eq(campaigns.id, campaignId));
  if (!owner) return null;
  const campaign = await getCampaign(owner.id, campaignId);
  if (!campaign) return null;
  return { ...campaign, business: owner, adminActions: adminActionsFor(campaign.status) };
}

/** The admin's buttons for a campaign in this status: what the transition table allows of pause and cancel. */
export function adminActionsFor(status: CampaignStatus): AdminCampaignAction[] {
  return ADMIN_CAMPAIGN_ACTIONS.filter((action) => canApply(action, status));
}

/** What the business reads as its campaign's status reason and in its timeline. */
export function adminReasonText(action: AdminCampaignAction, reason: string): string {
  return `${action === "pause" ? "Paused" : "Cancelled"} by iSent: ${reason}`;
}

export type AdminChangeResult = { ok: true; status: CampaignStatus; refunded: number | null } | CampaignRefusal;

/**
 * The admin pauses or cancels a business's campaign, with a reason the business sees. Only what
 * the transition table allows (409 with its words otherwise: a sent campaign cannot be cancelled);
 * a cancel settles at once as the business's own cancel does (its queued messages cancelled, one
 * refund of what never reached the provider), or later when a worker still holds a batch. The
 * audit row (before, after, reason) is written in the same transaction.
 */
export async function adminChangeCampaign(
  admin: ActingAdmin,
  campaignId: string,
  action: AdminCampaignAction,
  reason: string,
): Promise<AdminChangeResult> {
  if (!isUuid(campaignId)) return { ok: false, status: 404, message: CAMPAIGN_REFUSALS.notFound };
  return db().transaction(async (tx): Promise<AdminChangeResult> => {
    const [campaign] = await tx
      .select({ id: campaigns.id, userId: campaigns.userId, name: campaigns.name, status: campaigns.status, refunded: campaigns.refunded })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for("update");
    if (!campaign) return { ok: false, status: 404, message: CAMPAIGN_REFUSALS.notFound };
    if (!canApply(action, campaign.status)) return { ok: false, status: 409, message: actionRefusal(action, campaign.status) };
    const moved = await transitionCampaign(tx, campaign.id, action, adminReasonText(action, reason));
    if (!moved) throw new Error(`Campaign ${campaign.id} changed while locked`);
    const refunded = action === "cancel" ? await settle(tx, campaign.id) : null;
    const [business] = await tx.select({ businessName: users.businessName }).from(users).where(eq(users.id, campaign.userId));
    await recordAdminAction(tx, admin, {
      action: `${action}_campaign`,
      entityType: "campaign",
      entityId: campaign.id,
      summary: `${action === "pause" ? "Paused" : "Cancelled"} "${campaign.name}" by ${business?.businessName ?? "a business"}`,
      before: { status: campaign.status },
      after: { status: moved.to, ...(action === "cancel" ? { refunded: refunded ?? "when the messages in flight finish" } : {}) },
      reason,
    });
    return { ok: true, status: moved.to, refunded };
  });
}

// ─── SMS history ──────────────────────────────────────────────────────────────────────────────

export const ADMIN_SMS_PAGE_SIZE = 50;

/** With neither a business nor a campaign chosen, and no 'from' day, the history shows this many days (up to 'to', else today). */
export const DEFAULT_PERIOD_DAYS = 30;

export type AdminSmsRow = {
  id: string;
  campaignId: string;
  campaignName: string;
  business: AdminBusiness;
  toNumber: string;
  body: string;
  parts: number;
  cost: number;
  status: SmsStatus;
  failureReason: string | null;
  createdAt: Date;
};

export type AdminSmsTotals = {
  messages: number;
  /** The provider took them (and since: delivered, failed or undelivered). */
  sent: number;
  delivered: number;
  /** Failed or undelivered, before or after the provider took them. */
  failed: number;
  /** Parts of the messages sent. */
  parts: number;
  /** Credits paid for the messages sent (the rest were refunded, or are still reserved). */
  credits: number;
};

/**
 * The history's period: the days asked for; with nothing narrowing it (no business, campaign or
 * 'from'), the last DEFAULT_PERIOD_DAYS days, so the page and its totals read a range of the
 * created_at index and never the whole table.
 */
export function smsHistoryPeriod(query: Pick<AdminSmsHistoryQuery, "business" | "campaignId" | "from" | "to">, now = new Date()) {
  if (query.from || query.business || query.campaignId) return { from: query.from, to: query.to, defaulted: false };
  const to = query.to ?? indianDate(now);
  return { from: addDays(to, -(DEFAULT_PERIOD_DAYS - 1)), to: query.to, defaulted: true };
}

/**
 * Every business's messages matching the filter, newest first, a page at a time (its ids first,
 * from an index, then only those rows, as the business's own history), with the filter's totals.
 */
export async function listAllSmsHistory(query: AdminSmsHistoryQuery, now = new Date()) {
  const period = smsHistoryPeriod(query, now);
  const where = and(
    businessCondition(smsMessages.userId, query.business),
    query.campaignId ? eq(smsMessages.campaignId, query.campaignId) : undefined,
    query.status ? eq(smsMessages.status, query.status) : undefined,
    ...periodCondition(smsMessages.createdAt, period.from, period.to),
  );
  const taken = sql`${smsMessages.submittedAt} is not null`;
  const [totals] = await db()
    .select({
      messages: count(),
      sent: count(smsMessages.submittedAt),
      delivered: sql<number>`count(*) filter (where ${smsMessages.status} = 'delivered')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${smsMessages.status} in ('failed', 'undelivered'))`.mapWith(Number),
      parts: sql<number>`coalesce(sum(${smsMessages.parts}) filter (where ${taken}), 0)`.mapWith(Number),
      credits: sql<number>`coalesce(sum(${smsMessages.cost}) filter (where ${taken}), 0)`.mapWith(Number),
    })
    .from(smsMessages)
    .where(where);
  const pageCount = pageCountOf(totals.messages, ADMIN_SMS_PAGE_SIZE);
  const page = Math.min(query.page, pageCount);
  const rows = await smsMessagesPage(where, { limit: ADMIN_SMS_PAGE_SIZE, offset: (page - 1) * ADMIN_SMS_PAGE_SIZE });
  const businesses = await businessesById([...new Set(rows.map((row) => row.userId))]);
  const messages: AdminSmsRow[] = rows.map(({ userId, ...row }) => ({ ...row, business: businesses.get(userId)! }));
  return { messages, totals: totals as AdminSmsTotals, page, pageCount, period };
}

/** A campaign's name and business, for the history's filter when it is chosen (null: unknown). */
export async function campaignLabel(campaignId: string): Promise<{ id: string; name: string; businessName: string } | null> {
  if (!isUuid(campaignId)) return null;
  const [row] = await db()
    .select({ id: campaigns.id, name: campaigns.name, businessName: users.businessName })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(eq(campaigns.id, campaignId));
  return row ?? null;
}
