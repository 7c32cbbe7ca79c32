import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { adminAuditLog, campaigns, settings, smsMessages } from "~/db/schema";
import { makeCampaign, makeContact, makeUser } from "~/db/seed/factories.server";
import { adminSmsHistoryQuerySchema, adminCampaignsQuerySchema, ADMIN_SMS_MESSAGES } from "~/lib/schemas/admin-sms";
import { listAdminActions } from "~/models/admin-audit.server";
import { adminChangeCampaign, getCampaignForAdmin, listAllCampaigns, listAllSmsHistory } from "~/models/admin-campaigns.server";
import { createCampaign, sendCampaign, smsRegistration } from "~/models/campaigns.server";
import { getSmsSettings, SMS_SETTING_KEYS } from "~/models/settings.server";
import { loader as businessCampaignLoader } from "~/routes/_app+/campaigns_.$id";
import { action as campaignAction, loader as campaignLoader } from "~/routes/admin+/campaigns_.$id";
import { loader as campaignsLoader } from "~/routes/admin+/campaigns";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin+/campaigns_.settings";
import { loader as historyLoader } from "~/routes/admin+/sms-history";

import { sessionCookieFor } from "../support/accounts";
import { actingAdmin, adminCookie } from "../support/admin";
import {
  balanceAndLedger,
  businessWithContacts,
  campaignInput,
  ledgerRows,
  makeSmsTemplate,
  messagesOf,
  sendAndWrite,
  setSendingWindow,
  setupCampaignTests,
} from "../support/campaigns";
import { call, formErrors, formPost, getRequest, toastOf } from "../support/http";

setupCampaignTests();

afterEach(async () => {
  await db().delete(settings).where(eq(settings.key, SMS_SETTING_KEYS.platformSenderHeader));
});

const REASON = "Your list includes numbers that asked not to be messaged";

/** A business's campaign, sent now: its 3 contacts' messages queued, 6 credits reserved (the template is 1 part at 2 credits). */
async function sendingCampaign(balance = 50) {
  const template = await makeSmsTemplate({ smsCategory: "service" });
  const { user } = await businessWithContacts(3, { balance });
  const created = await createCampaign(user.id, campaignInput(template.id));
  if (!created.ok) throw new Error(created.message);
  const sent = await sendAndWrite(user.id, created.campaign.id);
  if (!sent.ok) throw new Error(sent.message);
  return { user, campaign: sent.campaign };
}

const campaignRow = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];
const auditOf = (id: string) => listAdminActions({ entityType: "campaign", entityId: id });

describe("the admin cancels or pauses a business's campaign", () => {
  it("cancel refunds exactly as the business's own cancel, with the reason the business reads on its page, and one audit row", async () => {
    const { user, campaign } = await sendingCampaign();
    const [taken] = await messagesOf(campaign.id);
    await db()
      .update(smsMessages)
      .set({ status: "submitted", submittedAt: sql`now()`, provider: "fake", providerMessageId: `p-${taken.id}` })
      .where(eq(smsMessages.id, taken.id));

    const admin = await actingAdmin();
    const cancelled = await adminChangeCampaign(admin, campaign.id, "cancel", REASON);
    expect(cancelled).toEqual({ ok: true, status: "cancelled", refunded: 4 });
    expect(await campaignRow(campaign.id)).toMatchObject({
      status: "cancelled",
      statusReason: `Cancelled by iSent: ${REASON}`,
      cost: 6,
      refunded: 4,
    });
    expect((await messagesOf(campaign.id)).map((message) => message.status).sort()).toEqual(["cancelled", "cancelled", "submitted"]);
    expect(await ledgerRows(user.id, "refund")).toEqual([{ amount: 4, reference: `campaign:${campaign.id}` }]);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 48, ledger: 48 });

    // The business's own page says why, at the top and in its timeline.
    const page = await call<{ campaign: { statusReason: string; events: Array<{ toStatus: string; reason: string | null }> } }>(
      businessCampaignLoader,
      getRequest(`/campaigns/${campaign.id}`, { cookie: await sessionCookieFor(user.id) }),
      { id: campaign.id },
    );
    expect(page.data.campaign.statusReason).toBe(`Cancelled by iSent: ${REASON}`);
    expect(page.data.campaign.events.at(-1)).toMatchObject({ toStatus: "cancelled", reason: `Cancelled by iSent: ${REASON}` });

    expect(await auditOf(campaign.id)).toEqual([
      expect.objectContaining({
        action: "cancel_campaign",
        adminEmail: admin.email,
        reason: REASON,
        summary: `Cancelled "Diwali" by Rao Sweets`,
        before: { status: "sending" },
        after: { status: "cancelled", refunded: 4 },
      }),
    ]);
  });

  it("pause applies only where the transition table allows it; a sent campaign cannot be cancelled and nothing changes", async () => {
    const admin = await actingAdmin();
    const { user } = await businessWithContacts(1);
    const scheduled = await makeCampaign({ userId: user.id, status: "scheduled" });
    expect(await adminChangeCampaign(admin, scheduled.id, "pause", "Checking the template")).toMatchObject({ ok: true, status: "paused" });
    expect(await campaignRow(scheduled.id)).toMatchObject({ status: "paused", statusReason: "Paused by iSent: Checking the template" });

    const draft = await makeCampaign({ userId: user.id, status: "draft" });
    expect(await adminChangeCampaign(admin, draft.id, "pause", "No")).toEqual({
      ok: false,
      status: 409,
      message: "Only a scheduled or sending campaign can be paused; this one is draft.",
    });
    const sent = await makeCampaign({ userId: user.id, status: "sent" });
    expect(await adminChangeCampaign(admin, sent.id, "cancel", "Too late")).toEqual({
      ok: false,
      status: 409,
      message: "This campaign is sent: it cannot be changed any more.",
    });
    expect((await campaignRow(sent.id)).status).toBe("sent");
    expect((await campaignRow(draft.id)).status).toBe("draft");
    expect(await auditOf(sent.id)).toEqual([]);
    expect(await adminChangeCampaign(admin, crypto.randomUUID(), "cancel", "Gone")).toMatchObject({ ok: false, status: 404 });
    expect(await adminChangeCampaign(admin, "not-an-id", "cancel", "Gone")).toMatchObject({ ok: false, status: 404 });
  });

  it("the page's forms: a reason is required, a refusal says why, success comes back with a toast; the page lists its actions and trail", async () => {
    const { campaign } = await sendingCampaign();
    const cookie = await adminCookie();
    const post = (fields: Record<string, string>) =>
      call(campaignAction, formPost(`/admin/campaigns/${campaign.id}`, fields, { cookie }), { id: campaign.id });

    const noReason = await post({ intent: "cancel", reason: "   " });
    expect(noReason.status).toBe(400);
    expect(formErrors(noReason)).toEqual({ reason: [ADMIN_SMS_MESSAGES.reasonRequired] });
    expect((await toastOf(noReason))?.title).toBe("Campaign not cancelled");
    const tooLong = await post({ intent: "pause", reason: "x".repeat(301) });
    expect(formErrors(tooLong)).toEqual({ reason: [ADMIN_SMS_MESSAGES.reasonTooLong] });
    const badIntent = await post({ intent: "send", reason: "Go" });
    expect(formErrors(badIntent)).toEqual({ intent: [ADMIN_SMS_MESSAGES.badAction] });
    expect((await campaignRow(campaign.id)).status).toBe("sending");

    const before = await call<{ campaign: { adminActions: string[]; counts: { total: number; queued: number } } }>(
      campaignLoader,
      getRequest(`/admin/campaigns/${campaign.id}`, { cookie }),
      { id: campaign.id },
    );
    expect(before.data.campaign.adminActions).toEqual(["pause", "cancel"]);
    expect(before.data.campaign.counts).toMatchObject({ total: 3, queued: 3 });

    const done = await post({ intent: "cancel", reason: REASON });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/campaigns/${campaign.id}`);
    expect(await toastOf(done)).toMatchObject({ title: "Campaign cancelled", description: "6 credits refunded to the business" });

    const again = await post({ intent: "cancel", reason: REASON });
    expect(again.status).toBe(409);
    expect(formErrors(again)).toEqual({ "": ["This campaign is cancelled: it cannot be changed any more."] });

    const after = await call<{ campaign: { adminActions: string[] }; audit: Array<{ reason: string }> }>(
      campaignLoader,
      getRequest(`/admin/campaigns/${campaign.id}`, { cookie }),
      { id: campaign.id },
    );
    expect(after.data.campaign.adminActions).toEqual([]);
    expect(after.data.audit.map((entry) => entry.reason)).toEqual([REASON]);
  });

  it("an unknown id is a 404; a business (or a visitor) is sent to the admin sign-in and changes nothing", async () => {
    const { user, campaign } = await sendingCampaign();
    const cookie = await adminCookie();
    const unknown = crypto.randomUUID();
    expect((await call(campaignLoader, getRequest(`/admin/campaigns/${unknown}`, { cookie }), { id: unknown })).status).toBe(404);
    expect((await call(campaignLoader, getRequest(`/admin/campaigns/nope`, { cookie }), { id: "nope" })).status).toBe(404);
    const posted = await call(campaignAction, formPost(`/admin/campaigns/${unknown}`, { intent: "cancel", reason: "x" }, { cookie }), {
      id: unknown,
    });
    expect(posted.status).toBe(404);

    for (const someone of [await sessionCookieFor(user.id), undefined]) {
      const refused = await call(
        campaignAction,
        formPost(`/admin/campaigns/${campaign.id}`, { intent: "cancel", reason: "Mine now" }, { cookie: someone }),
        { id: campaign.id },
      );
      expect(refused.status).toBe(302);
      expect(refused.location).toMatch(/^\/admin\/login\?redirectTo=%2Fadmin%2Fcampaigns%2F/);
      for (const loader of [campaignsLoader, historyLoader, settingsLoader]) {
        const reply = await call(loader, getRequest("/admin/campaigns", { cookie: someone }));
        expect(reply.location).toMatch(/^\/admin\/login\?redirectTo=/);
      }
      const settingsPost = await call(
        settingsAction,
        formPost("/admin/campaigns/settings", { startHour: "0", endHour: "24", platformSenderHeader: "HACKED" }, { cookie: someone }),
      );
      expect(settingsPost.location).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect((await campaignRow(campaign.id)).status).toBe("sending");
    expect((await getSmsSettings()).platformSenderHeader).not.toBe("HACKED");
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, campaign.id))).toEqual([]);
  });
});

/** A message of a business's campaign written at a time of our choosing. */
async function messageAt(campaign: { id: string; userId: string }, at: string, overrides: Partial<typeof smsMessages.$inferInsert> = {}) {
  const contact = await makeContact({ userId: campaign.userId });
  const [row] = await db()
    .insert(smsMessages)
    .values({
      userId: campaign.userId,
      campaignId: campaign.id,
      contactId: contact.id,
      toNumber: contact.mobileNumber,
      body: "Diwali sale",
      parts: 1,
      encoding: "GSM-7",
      cost: 2,
      status: "delivered",
      submittedAt: new Date(at),
      createdAt: new Date(at),
      ...overrides,
    })
    .returning();
  return row;
}

const historyQuery = (params: Record<string, string> = {}) => adminSmsHistoryQuerySchema.parse(params);

describe("the admin's SMS history", () => {
  it("filters by business (name, email or id), campaign, status and days in India, with the filter's totals", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const sweets = await makeUser({ businessName: `Sweets ${tag}`, email: `sweets-${tag}@example.in` });
    const flowers = await makeUser({ businessName: `Flowers ${tag}` });
    const diwali = await makeCampaign({ userId: sweets.id, status: "sent", name: "Diwali" });
    const holi = await makeCampaign({ userId: sweets.id, status: "sent", name: "Holi" });
    const spring = await makeCampaign({ userId: flowers.id, status: "sent", name: "Spring" });
    await messageAt(diwali, "2026-11-01T05:00:00Z", { parts: 2, cost: 4 });
    await messageAt(diwali, "2026-11-01T19:00:00Z", { status: "failed", failureReason: "Number switched off" }); // 2 Nov in India
    await messageAt(diwali, "2026-11-02T05:00:00Z", { status: "skipped", submittedAt: null, cost: 0 });
    await messageAt(holi, "2026-11-03T05:00:00Z", { status: "undelivered" });
    await messageAt(spring, "2026-11-01T06:00:00Z");

    const all = await listAllSmsHistory(historyQuery({ business: tag }));
    expect(all.totals).toEqual({ messages: 5, sent: 4, delivered: 2, failed: 2, parts: 5, credits: 10 });
    expect(all.messages.map((message) => message.createdAt.toISOString())).toEqual([
      "2026-11-03T05:00:00.000Z",
      "2026-11-02T05:00:00.000Z",
      "2026-11-01T19:00:00.000Z",
      "2026-11-01T06:00:00.000Z",
      "2026-11-01T05:00:00.000Z",
    ]);
    expect(all.period.defaulted).toBe(false);

    const bySweets = await listAllSmsHistory(historyQuery({ business: `SWEETS ${tag.toUpperCase()}` }));
    expect(bySweets.totals.messages).toBe(4);
    expect(bySweets.messages[0]).toMatchObject({ campaignName: "Holi", business: { id: sweets.id, businessName: `Sweets ${tag}` } });
    expect((await listAllSmsHistory(historyQuery({ business: `sweets-${tag}@` }))).totals.messages).toBe(4);
    expect((await listAllSmsHistory(historyQuery({ business: flowers.id }))).totals.messages).toBe(1);
    expect((await listAllSmsHistory(historyQuery({ business: "%" }))).messages.every((message) => message.business)).toBe(true);
    expect((await listAllSmsHistory(historyQuery({ business: `${tag}_nobody` }))).totals.messages).toBe(0);

    const diwaliOnly = await listAllSmsHistory(historyQuery({ campaignId: diwali.id }));
    expect(diwaliOnly.totals).toEqual({ messages: 3, sent: 2, delivered: 1, failed: 1, parts: 3, credits: 6 });
    const failed = await listAllSmsHistory(historyQuery({ business: tag, status: "failed" }));
    expect(failed.messages.map((message) => message.failureReason)).toEqual(["Number switched off"]);
    // 2 November in India: 01 Nov 19:00 UTC is 02 Nov 00:30 there.
    const secondOfNovember = await listAllSmsHistory(historyQuery({ business: tag, from: "2026-11-02", to: "2026-11-02" }));
    expect(secondOfNovember.totals.messages).toBe(2);
  });

  it("with nothing narrowing it, shows the last 30 days, and pages 50 at a time", async () => {
    const user = await makeUser();
    const campaign = await makeCampaign({ userId: user.id, status: "sent" });
    const old = await messageAt(campaign, new Date(Date.now() - 40 * 86_400_000).toISOString());
    const rows = Array.from({ length: 51 }, (_, index) => ({
      userId: user.id,
      campaignId: campaign.id,
      toNumber: `+9198450${String(index).padStart(5, "0")}`,
      body: `Message ${index}`,
      parts: 1,
      encoding: "GSM-7" as const,
      cost: 2,
      status: "submitted" as const,
      submittedAt: new Date(),
      createdAt: new Date(Date.now() - index * 1000),
    }));
    await db().insert(smsMessages).values(rows);

    const recent = await listAllSmsHistory(historyQuery());
    expect(recent.period.defaulted).toBe(true);
    expect(recent.messages.some((message) => message.id === old.id)).toBe(false);
    const mine = await listAllSmsHistory(historyQuery({ business: user.id }));
    expect(mine.totals.messages).toBe(52);
    expect(mine.messages).toHaveLength(50);
    expect(mine.pageCount).toBe(2);
    const second = await listAllSmsHistory(historyQuery({ business: user.id, page: "2" }));
    expect(second.messages.map((message) => message.id)).toEqual([expect.any(String), old.id]);
    // A page past the last is the last.
    expect((await listAllSmsHistory(historyQuery({ business: user.id, page: "9" }))).page).toBe(2);
  });

  it("the page masks customers' numbers, says a bad filter and shows everything instead", async () => {
    const user = await makeUser({ businessName: "Masked Numbers Shop" });
    const campaign = await makeCampaign({ userId: user.id, status: "sent" });
    await messageAt(campaign, new Date().toISOString(), { toNumber: "+919845012345" });
    const cookie = await adminCookie();
    const page = await call<{ messages: Array<{ to: string }>; badFilter: string | null; totals: { messages: number } }>(
      historyLoader,
      getRequest(`/admin/sms-history?business=${user.id}`, { cookie }),
    );
    expect(page.data.messages.map((message) => message.to)).toEqual(["+91 ••••• •2345"]);
    expect(JSON.stringify(page.data)).not.toContain("9845012345");

    const bad = await call<{ badFilter: string | null; filters: { status: string } }>(
      historyLoader,
      getRequest("/admin/sms-history?status=lost&from=yesterday", { cookie }),
    );
    expect(bad.status).toBe(200);
    expect(bad.data.badFilter).toMatch(/^Status must be one of queued/);
    expect(bad.data.filters.status).toBe("");
    const reversed = adminSmsHistoryQuerySchema.safeParse({ from: "2026-11-05", to: "2026-11-01" });
    expect(reversed.success ? null : reversed.error.issues[0].message).toBe(ADMIN_SMS_MESSAGES.toBeforeFrom);
    expect(adminSmsHistoryQuerySchema.safeParse({ campaignId: "x" }).success).toBe(false);
  });

  it("a date outside 2000-01-01 to a year ahead is said and ignored on SMS History and Campaigns, never a 500", async () => {
    const cookie = await adminCookie();
    type Page = { status: number; data: { badFilter: string | null; filters: { from: string; to: string } } };
    for (const search of ["from=0001-01-01", "to=0001-01-01", "from=1999-12-31&to=2000-01-02", "to=9999-12-31"]) {
      const pages: Page[] = [
        await call(historyLoader, getRequest(`/admin/sms-history?${search}`, { cookie })),
        await call(campaignsLoader, getRequest(`/admin/campaigns?${search}`, { cookie })),
      ];
      for (const page of pages) {
        expect(page.status, search).toBe(200);
        expect(page.data.badFilter, search).toMatch(/^Dates must be from 2000-01-01 to \d{4}-\d{2}-\d{2}$/);
        expect(page.data.filters, search).toEqual(expect.objectContaining({ from: "", to: "" }));
      }
    }
  });
});

describe("the admin's campaigns list", () => {
  it("filters by business, status and days, with totals of recipients, cost and refunds", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const owner = await makeUser({ businessName: `Campaigner ${tag}` });
    await makeCampaign({ userId: owner.id, status: "sent", recipientsCount: 10, cost: 20, refunded: 4 });
    await makeCampaign({ userId: owner.id, status: "cancelled", recipientsCount: 5, cost: 10, refunded: 10 });
    await makeCampaign({ userId: owner.id, status: "draft", createdAt: new Date("2026-01-01T10:00:00Z") });

    const list = await listAllCampaigns(adminCampaignsQuerySchema.parse({ business: tag }));
    expect(list.totals).toEqual({ campaigns: 3, recipients: 15, cost: 30, refunded: 14 });
    expect(list.campaigns[0].business).toMatchObject({ id: owner.id, businessName: `Campaigner ${tag}` });
    const sent = await listAllCampaigns(adminCampaignsQuerySchema.parse({ business: tag, status: "sent" }));
    expect(sent.totals).toEqual({ campaigns: 1, recipients: 10, cost: 20, refunded: 4 });
    const january = await listAllCampaigns(adminCampaignsQuerySchema.parse({ business: owner.id, from: "2026-01-01", to: "2026-01-31" }));
    expect(january.campaigns.map((campaign) => campaign.status)).toEqual(["draft"]);

    const cookie = await adminCookie();
    const page = await call<{ totals: { campaigns: number }; settings: { window: string; senderHeader: string } }>(
      campaignsLoader,
      getRequest(`/admin/campaigns?business=${tag}&status=cancelled`, { cookie }),
    );
    expect(page.data.totals.campaigns).toBe(1);
    expect(page.data.settings).toMatchObject({ window: "00:00–24:00", senderHeader: "ISENTL" });
    expect(await getCampaignForAdmin(crypto.randomUUID())).toBeNull();
  });
});

describe("the SMS settings", () => {
  const save = async (fields: Record<string, string>) =>
    call(settingsAction, formPost("/admin/campaigns/settings", fields, { cookie: await adminCookie() }));

  it("saves the window, the platform's sender header (which overrides the environment's) and free text, with an audit row", async () => {
    const saved = await save({ startHour: "9", endHour: "20", platformSenderHeader: " isentx ", smsFreeTextAllowed: "on" });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ title: "SMS settings saved" });
    expect(await getSmsSettings()).toEqual({
      window: { startHour: 9, endHour: 20 },
      smsFreeTextAllowed: true,
      platformSenderHeader: "ISENTX",
    });
    const [entry] = await listAdminActions({ entityType: "setting", entityId: "sms" });
    expect(entry).toMatchObject({
      action: "update_sms_settings",
      before: { window: { startHour: 0, endHour: 24 }, platformSenderHeader: "ISENTL" },
      after: { window: { startHour: 9, endHour: 20 }, platformSenderHeader: "ISENTX", smsFreeTextAllowed: true },
    });

    // A business without its own registration sends the platform's templates under the admin's header.
    const { user } = await businessWithContacts(1);
    expect((await smsRegistration(user.id))?.platform.senderHeader).toBe("ISENTX");
    const created = await createCampaign(user.id, campaignInput((await makeSmsTemplate()).id));
    expect(created).toMatchObject({ ok: true, campaign: { senderHeader: "ISENTX" } });

    // An unticked box turns free text off.
    await save({ startHour: "9", endHour: "20", platformSenderHeader: "ISENTX" });
    expect((await getSmsSettings()).smsFreeTextAllowed).toBe(false);
  });

  it("the window decides when a promotional campaign sent now starts", async () => {
    const { user } = await businessWithContacts(1);
    // Closed all day but the last hour before midnight in India.
    await save({ startHour: "23", endHour: "24", platformSenderHeader: "ISENTL" });
    const now = new Date();
    const created = await createCampaign(user.id, campaignInput((await makeSmsTemplate()).id));
    if (!created.ok) throw new Error(created.message);
    const sent = await sendCampaign(user.id, created.campaign.id);
    const inWindow = (now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % 1440 >= 23 * 60;
    expect(sent).toMatchObject({ ok: true, campaign: { status: inWindow ? "sending" : "scheduled" } });
    if (!inWindow) expect((await campaignRow(created.campaign.id)).statusReason).toContain("between 23:00 and 24:00 in India");
  });

  it("refuses a window that does not open before it closes, an hour off the list, a bad header: with why, nothing changed", async () => {
    await setSendingWindow({ startHour: 10, endHour: 21 });
    const before = await getSmsSettings();
    const trail = await listAdminActions({ entityType: "setting", entityId: "sms" });
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ startHour: "21", endHour: "10", platformSenderHeader: "ISENTL" }, { endHour: [ADMIN_SMS_MESSAGES.windowOrder] }],
      [{ startHour: "12", endHour: "12", platformSenderHeader: "ISENTL" }, { endHour: [ADMIN_SMS_MESSAGES.windowOrder] }],
      [{ startHour: "-1", endHour: "12", platformSenderHeader: "ISENTL" }, { startHour: [ADMIN_SMS_MESSAGES.badHour] }],
      [{ startHour: "10", endHour: "25", platformSenderHeader: "ISENTL" }, { endHour: [ADMIN_SMS_MESSAGES.badHour] }],
      [
        { startHour: "ten", endHour: "", platformSenderHeader: "ISENTL" },
        { startHour: [ADMIN_SMS_MESSAGES.badHour], endHour: [ADMIN_SMS_MESSAGES.badHour] },
      ],
      [{ startHour: "10", endHour: "21", platformSenderHeader: "IS-ENT" }, { platformSenderHeader: [ADMIN_SMS_MESSAGES.badHeader] }],
      [{ startHour: "10", endHour: "21", platformSenderHeader: "ISENTLX" }, { platformSenderHeader: [ADMIN_SMS_MESSAGES.badHeader] }],
      [{ startHour: "10", endHour: "21" }, { platformSenderHeader: [ADMIN_SMS_MESSAGES.badHeader] }],
    ];
    for (const [fields, errors] of cases) {
      const refused = await save(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(formErrors(refused), JSON.stringify(fields)).toEqual(errors);
      expect((await toastOf(refused))?.title).toBe("SMS settings not saved");
    }
    expect(await getSmsSettings()).toEqual(before);
    expect(await listAdminActions({ entityType: "setting", entityId: "sms" })).toEqual(trail);
  });
});
