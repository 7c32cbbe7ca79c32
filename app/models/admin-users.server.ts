import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { campaigns, contacts, creditLedger, creditOrders, posts, sessions, users, type CreditOrderStatus } from "~/db/schema";
import { countOf } from "~/lib/format-count";
import { CAMPAIGN_TRANSITIONS, type CampaignStatus } from "~/lib/campaign-status";
import { isUuid } from "~/lib/ids";
import { postDisplayStatus } from "~/lib/post-status";
import { ADMIN_USERS_PAGE_SIZE, type AdminUserListQuery, type CreditAdjustmentInput } from "~/lib/schemas/admin-users";
import { likePattern } from "~/lib/search-terms";
import { queueJob } from "~/jobs/queue.server";

import { isAdminAccount } from "./account-rules.server";
import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import { transitionCampaign } from "./campaigns.server";
import { chargeCredits, grantCredits } from "./credits.server";
import { queueOwnerNotice } from "./owner-notices.server";
import { signOutEverywhere } from "./sessions.server";

/**
 * The admin's view of the businesses and what the admin does to one: suspend and reactivate it,
 * add or remove credits, send it a password-reset link. Each change takes the acting admin and
 * writes its audit row in the change's own transaction. Nothing here reads or returns a password
 * hash, a token or a session id.
 */

// ─── The list ─────────────────────────────────────────────────────────────────────────────────

export type BusinessListItem = {
  id: string;
  name: string;
  businessName: string;
  email: string;
  mobileNumber: string | null;
  businessPhone: string | null;
  city: string | null;
  status: (typeof users.$inferSelect)["status"];
  balance: number;
  createdAt: Date;
  lastLoginAt: Date | null;
};

const listColumns = {
  id: users.id,
  name: users.name,
  businessName: users.businessName,
  email: users.email,
  mobileNumber: users.mobileNumber,
  businessPhone: users.businessPhone,
  city: users.city,
  status: users.status,
  balance: users.balance,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

/**
 * Every word of the search matches one of the business's name, owner's name, email or city, or
 * (a term of digits) its mobile or business phone, however the number was written ('98450 12345').
 */
function searchCondition(q: string): SQL | undefined {
  const terms = q
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 10);
  if (!terms.length) return undefined;
  const phones = sql`regexp_replace(coalesce(${users.mobileNumber}, '') || ' ' || coalesce(${users.businessPhone}, ''), '[^0-9 ]', '', 'g')`;
  return and(
    ...terms.map((term) => {
      const pattern = likePattern(term);
      // Only a term written as (part of) a number is looked up in the phones: 'a1c79f' is a name, not '179'.
      const digits = /^\+?[\d().-]+$/.test(term) ? term.replace(/\D/g, "") : "";
      return or(
        sql`${users.businessName} ilike ${pattern}`,
        sql`${users.name} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`${users.city} ilike ${pattern}`,
        digits.length >= 3 ? sql`${phones} like ${likePattern(digits)}` : undefined,
      );
    }),
  );
}

const ORDER: Record<AdminUserListQuery["sort"], SQL[]> = {
  newest: [sql`${users.createdAt} desc`, sql`${users.id} desc`],
  name: [sql`lower(${users.businessName}) asc`, sql`lower(${users.name}) asc`, sql`${users.id} asc`],
  balance: [sql`${users.balance} desc`, sql`${users.createdAt} desc`, sql`${users.id} desc`],
};

/** The businesses (never the admin), searched, filtered by status, sorted and a page at a time (a page past the last is the last). */
export async function listBusinesses(query: AdminUserListQuery) {
  const where = and(
    eq(users.role, "user"),
    query.status === "all" ? inArray(users.status, ["active", "suspended"]) : eq(users.status, query.status),
    searchCondition(query.q),
  );
  const [{ total }] = await db().select({ total: count() }).from(users).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const businesses: BusinessListItem[] = await db()
    .select(listColumns)
    .from(users)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_USERS_PAGE_SIZE);
  return { businesses, total, page, pageCount };
}

// ─── One business ─────────────────────────────────────────────────────────────────────────────

/** How many of a business's latest posts, campaigns and orders its page lists. */
export const BUSINESS_PAGE_LATEST = 10;

/** A business as the admin's page shows it: its profile and what it has, never a secret. */
export type BusinessForAdmin = BusinessListItem & {
  isAdmin: boolean;
  businessDetails: string | null;
  gstNumber: string | null;
  businessCategories: string[];
  address: string | null;
  state: string | null;
  emailVerifiedAt: Date | null;
  signsInWithGoogle: boolean;
  activeSessions: number;
  contactsCount: number;
  postsCount: number;
  posts: Array<{
    id: string;
    kind: "update" | "offer";
    status: ReturnType<typeof postDisplayStatus>;
    content: string;
    offerTitle: string | null;
    removedReason: string | null;
    createdAt: Date;
  }>;
  campaignsCount: number;
  campaigns: Array<{ id: string; name: string; status: CampaignStatus; statusReason: string | null; cost: number; createdAt: Date | null }>;
  orders: Array<{ id: string; credits: number; totalPaise: number; status: CreditOrderStatus; createdAt: Date; paidAt: Date | null }>;
};

/** The business with this id (the admin's own account too, so its page can say why nothing applies); null for an unknown id. */
export async function getBusinessForAdmin(userId: string): Promise<BusinessForAdmin | null> {
  if (!isUuid(userId)) return null;
  const [account] = await db()
    .select({
      ...listColumns,
      role: users.role,
      businessDetails: users.businessDetails,
      gstNumber: users.gstNumber,
      businessCategories: users.businessCategories,
      address: users.address,
      state: users.state,
      emailVerifiedAt: users.emailVerifiedAt,
      signsInWithGoogle: sql<boolean>`${users.googleId} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const [[sessionCount], [contactCount], [postCount], latestPosts, [campaignCount], latestCampaigns, orders] = await Promise.all([
    db()
      .select({ total: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`, sql`${sessions.absoluteExpiresAt} > now()`)),
    db().select({ total: count() }).from(contacts).where(eq(contacts.userId, userId)),
    db().select({ total: count() }).from(posts).where(eq(posts.userId, userId)),
    db()
      .select({
        id: posts.id,
        kind: posts.kind,
        status: posts.status,
        validUntil: posts.validUntil,
        content: posts.content,
        offerTitle: posts.offerTitle,
        removedReason: posts.removedReason,
        createdAt: posts.createdAt,
      })
      .from(posts)
      .where(eq(posts.userId, userId))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(BUSINESS_PAGE_LATEST),
    db().select({ total: count() }).from(campaigns).where(eq(campaigns.userId, userId)),
    db()
      .select({
        id: campaigns.id,
        name: campaigns.name,
        status: campaigns.status,
        statusReason: campaigns.statusReason,
        cost: campaigns.cost,
        createdAt: campaigns.createdAt,
      })
      .from(campaigns)
      .where(eq(campaigns.userId, userId))
      .orderBy(sql`${campaigns.createdAt} desc nulls last`, desc(campaigns.id))
      .limit(BUSINESS_PAGE_LATEST),
    db()
      .select({
        id: creditOrders.id,
        credits: creditOrders.credits,
        totalPaise: creditOrders.totalPaise,
        status: creditOrders.status,
        createdAt: creditOrders.createdAt,
        paidAt: creditOrders.paidAt,
      })
      .from(creditOrders)
      .where(eq(creditOrders.userId, userId))
      .orderBy(desc(creditOrders.createdAt), asc(creditOrders.id))
      .limit(BUSINESS_PAGE_LATEST),
  ]);
  const { role, ...profile } = account;
  return {
    ...profile,
    isAdmin: isAdminAccount(account) || role === "admin",
    activeSessions: sessionCount.total,
    contactsCount: contactCount.total,
    postsCount: postCount.total,
    posts: latestPosts.map(({ validUntil, ...post }) => ({ ...post, status: postDisplayStatus({ ...post, validUntil }) })),
    campaignsCount: campaignCount.total,
    campaigns: latestCampaigns,
    orders,
  };
}

// ─── What the admin does ──────────────────────────────────────────────────────────────────────

/** Why an action did not apply: nothing changed. */
export type BusinessActionRefusal = {
  ok: false;
  reason: "not_found" | "is_admin" | "deleted" | "already_suspended" | "not_suspended" | "not_active" | "insufficient_balance";
  balance?: number;
};

type Subject = { id: string; name: string; businessName: string; email: string; status: string; role: string; balance: number };

/** The account, locked for the change, or why the admin may not change it. */
async function lockBusiness(tx: Transaction, userId: string): Promise<Subject | BusinessActionRefusal> {
  if (!isUuid(userId)) return { ok: false, reason: "not_found" };
  const [account] = await tx
    .select({
      id: users.id,
      name: users.name,
      businessName: users.businessName,
      email: users.email,
      status: users.status,
      role: users.role,
      balance: users.balance,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!account) return { ok: false, reason: "not_found" };
  if (account.role === "admin" || isAdminAccount(account)) return { ok: false, reason: "is_admin" };
  if (account.status === "deleted") return { ok: false, reason: "deleted" };
  return account;
}

const refused = (subject: Subject | BusinessActionRefusal): subject is BusinessActionRefusal => "ok" in subject;

const who = (subject: Subject) => `${subject.businessName} (${subject.email})`;

/** The reason a campaign paused by a suspension shows its business. */
export const SUSPENDED_CAMPAIGN_REASON = "Paused because iSent suspended this account. Resume it once the account is active again.";

export type SuspendResult = { ok: true; sessionsEnded: number; campaignsPaused: number } | BusinessActionRefusal;

/**
 * Suspends a business, all at once in one transaction: it cannot sign in (every sign-in path asks
 * isActiveAccount), its sessions end, its API refresh tokens are revoked and its access tokens
 * refused (token version raised), its posts leave the feed (the live-post condition wants an
 * active account; the feed's short caches of this instance are forgotten), and its scheduled and
 * sending campaigns pause through the campaign state machine, saying why.
 */
export async function suspendBusiness(admin: ActingAdmin, input: { userId: string; reason: string }): Promise<SuspendResult> {
  const result = await db().transaction(async (tx): Promise<SuspendResult> => {
    const subject = await lockBusiness(tx, input.userId);
    if (refused(subject)) return subject;
    if (subject.status === "suspended") return { ok: false, reason: "already_suspended" };
    await tx
      .update(users)
      .set({ status: "suspended", updatedAt: sql`now()` })
      .where(eq(users.id, subject.id));
    const [{ total: sessionsEnded }] = await tx.select({ total: count() }).from(sessions).where(eq(sessions.userId, subject.id));
    await signOutEverywhere(tx, subject.id);
    const running = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.userId, subject.id), inArray(campaigns.status, [...CAMPAIGN_TRANSITIONS.pause.from])));
    let campaignsPaused = 0;
    for (const campaign of running) {
      if (await transitionCampaign(tx, campaign.id, "pause", SUSPENDED_CAMPAIGN_REASON)) campaignsPaused += 1;
    }
    await recordAdminAction(tx, admin, {
      action: "suspend_user",
      entityType: "user",
      entityId: subject.id,
      summary: `Suspended ${who(subject)}`,
      before: { status: subject.status },
      after: { status: "suspended", sessionsEnded, campaignsPaused },
      reason: input.reason,
    });
    return { ok: true, sessionsEnded, campaignsPaused };
  });
  return result;
}

export type ReactivateResult = { ok: true; pausedCampaigns: number } | BusinessActionRefusal;

/**
 * Reactivates a suspended business: it signs in again and its live posts are back in the feed.
 * Campaigns a suspension paused stay paused: the business resumes them when it is ready (a
 * campaign resumed for it could send hours later than it meant to).
 */
export async function reactivateBusiness(admin: ActingAdmin, input: { userId: string }): Promise<ReactivateResult> {
  const result = await db().transaction(async (tx): Promise<ReactivateResult> => {
    const subject = await lockBusiness(tx, input.userId);
    if (refused(subject)) return subject;
    if (subject.status !== "suspended") return { ok: false, reason: "not_suspended" };
    await tx
      .update(users)
      .set({ status: "active", updatedAt: sql`now()` })
      .where(eq(users.id, subject.id));
    const [{ total: pausedCampaigns }] = await tx
      .select({ total: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, subject.id), eq(campaigns.status, "paused")));
    await recordAdminAction(tx, admin, {
      action: "reactivate_user",
      entityType: "user",
      entityId: subject.id,
      summary: `Reactivated ${who(subject)}`,
      before: { status: "suspended" },
      after: { status: "active" },
    });
    return { ok: true, pausedCampaigns };
  });
  return result;
}

export type AdjustResult = { ok: true; balance: number; repeated: boolean } | BusinessActionRefusal;

/** The ledger reference of an adjustment: the form's nonce, so the same form sent twice moves credits once. */
export const adjustmentReference = (nonce: string) => `admin:${nonce}`;

/**
 * Adds or removes credits through the credits model (reason 'admin_adjustment', the admin's reason
 * as the ledger row's note, which the business reads on /credits). A removal larger than the
 * balance changes nothing. The form's nonce is the ledger reference: a repeat finds the first
 * change and makes no second one (and no second audit row).
 */
export async function adjustBusinessCredits(
  admin: ActingAdmin,
  input: { userId: string } & Pick<CreditAdjustmentInput, "direction" | "amount" | "reason" | "nonce">,
): Promise<AdjustResult> {
  return db().transaction(async (tx): Promise<AdjustResult> => {
    const subject = await lockBusiness(tx, input.userId);
    if (refused(subject)) return subject;
    const change = {
      userId: subject.id,
      amount: input.amount,
      reason: "admin_adjustment" as const,
      reference: adjustmentReference(input.nonce),
      note: input.reason,
    };
    const applied = input.direction === "add" ? await grantCredits(tx, change) : await chargeCredits(tx, change);
    if (!applied.ok) return { ok: false, reason: "insufficient_balance", balance: applied.balance };
    if (applied.repeated) return applied;
    const [entry] = await tx
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(
        and(eq(creditLedger.userId, change.userId), eq(creditLedger.reason, change.reason), eq(creditLedger.reference, change.reference)),
      );
    await queueOwnerNotice(tx, "credits_adjusted", entry.id);
    const credits = countOf(input.amount, "credit");
    await recordAdminAction(tx, admin, {
      action: input.direction === "add" ? "add_credits" : "remove_credits",
      entityType: "user",
      entityId: subject.id,
      summary: input.direction === "add" ? `Added ${credits} to ${who(subject)}` : `Removed ${credits} from ${who(subject)}`,
      before: { balance: subject.balance },
      after: { balance: applied.balance },
      reason: input.reason,
    });
    return applied;
  });
}

export type ResetLinkResult = { ok: true; email: string } | BusinessActionRefusal;

/**
 * Sends the business a password-reset link: the same background mail as 'Forgot password?'
 * (queued in this transaction, so it goes only if the audit row is written). Only an active
 * account gets one, as with the form.
 */
export async function sendBusinessPasswordReset(admin: ActingAdmin, input: { userId: string }): Promise<ResetLinkResult> {
  return db().transaction(async (tx): Promise<ResetLinkResult> => {
    const subject = await lockBusiness(tx, input.userId);
    if (refused(subject)) return subject;
    if (subject.status !== "active") return { ok: false, reason: "not_active" };
    await queueJob("password-reset-mail", { email: subject.email }, { tx });
    await recordAdminAction(tx, admin, {
      action: "send_password_reset",
      entityType: "user",
      entityId: subject.id,
      summary: `Sent a password-reset link to ${who(subject)}`,
    });
    return { ok: true, email: subject.email };
  });
}
