import { randomUUID } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { campaignEvents, campaigns, contacts, smsMessages, smsReplies, users } from "~/db/schema";
import { makeCampaign, makeContact, makeUser } from "~/db/seed/factories.server";
import { actionRefusal, CAMPAIGN_ACTIONS, CAMPAIGN_TRANSITIONS, type CampaignStatus } from "~/lib/campaign-status";
import type { CampaignInput } from "~/lib/schemas/campaign";
import { OPT_OUT_LINE } from "~/lib/sms-text";
import {
  CAMPAIGN_REFUSALS,
  changeCampaign,
  createCampaign,
  estimateCampaign,
  getCampaign,
  listSmsTemplates,
  sendCampaign,
  settleCampaign,
  smsRegistration,
  updateSmsRegistration,
} from "~/models/campaigns.server";
import { deleteConfirmedAccount, exportAccountData } from "~/models/account-settings.server";
import { COUNT_SLICE } from "~/models/campaign-audience.server";
import { writeCampaignMessages } from "~/models/campaign-messages.server";
import { dispatchCampaign } from "~/models/sms-dispatch.server";

import { createUser, PASSWORD } from "../support/accounts";

import {
  allowFreeText,
  balanceAndLedger,
  businessWithContacts,
  campaignInput,
  ledgerRows,
  makeSmsTemplate,
  messagesOf,
  offerFills,
  sendAndWrite,
  writeAllMessages,
  setSendingWindow,
  SMS_PRICE,
  setupCampaignTests,
} from "../support/campaigns";

const test = setupCampaignTests();

const fills = offerFills;
const input = campaignInput;

async function dispatchJobs(campaignId: string) {
  const { rows } = await test.handle.executeSql(
    "select state, start_after from pgboss.job where name = 'campaign-dispatch' and data ->> 'campaignId' = $1",
    [campaignId],
  );
  return rows as Array<{ state: string; start_after: Date | string }>;
}

describe("SMS templates and the DLT registration", () => {
  it("lists the platform's active SMS templates and the business's own, never another's", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const platform = await makeSmsTemplate({ title: `Platform ${randomUUID()}` });
    const own = await makeSmsTemplate({ title: "Own", userId: user.id, smsCategory: "service" });
    const others = await makeSmsTemplate({ title: "Other's", userId: other.id });
    const inactive = await makeSmsTemplate({ isActive: false });
    const listed = await listSmsTemplates(user.id);
    const ids = listed.map((template) => template.id);
    expect(ids).toContain(platform.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(others.id);
    expect(ids).not.toContain(inactive.id);
    expect(listed.find((template) => template.id === own.id)).toEqual({
      id: own.id,
      name: "Own",
      category: "service",
      text: own.content,
      slotHints: own.slotHints,
      dltTemplateId: own.dltTemplateId,
      own: true,
    });
    expect(listed.find((template) => template.id === platform.id)?.own).toBe(false);
  });

  it("saves both the entity id and the header (upper-cased), or neither; refuses one alone and bad shapes, changing nothing", async () => {
    const user = await makeUser();
    expect(await smsRegistration(user.id)).toEqual({
      dltEntityId: null,
      senderHeader: null,
      platform: { dltEntityId: "1101726000000000001", senderHeader: "ISENTL" },
    });
    const saved = await updateSmsRegistration(user.id, { dltEntityId: "1101 2345 6789 0123 456", senderHeader: "raoswt" });
    expect(saved).toMatchObject({ ok: true, registration: { dltEntityId: "1101234567890123456", senderHeader: "RAOSWT" } });
    for (const bad of [
      { dltEntityId: "123", senderHeader: "RAOSWT" },
      { dltEntityId: "1101234567890123456", senderHeader: "RAO-SW" },
      { dltEntityId: "1101234567890123456", senderHeader: "" },
    ]) {
      const refused = await updateSmsRegistration(user.id, bad);
      expect(refused).toMatchObject({ ok: false, status: 400 });
    }
    expect(await smsRegistration(user.id)).toMatchObject({ dltEntityId: "1101234567890123456", senderHeader: "RAOSWT" });
    expect(await updateSmsRegistration(user.id, { dltEntityId: "", senderHeader: "" })).toMatchObject({
      ok: true,
      registration: { dltEntityId: null, senderHeader: null },
    });
  });
});

describe("estimating a campaign", () => {
  it("counts recipients, the opted-out and landlines left out, parts and cost, and previews the first message", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(3);
    await makeContact({ userId: user.id, name: "Gone", optedOut: true, tags: ["Regulars"] });
    await makeContact({ userId: user.id, name: "Office", mobileNumber: "+918022334455", tags: ["Regulars"] });
    const result = await estimateCampaign(user.id, input(template.id, { audience: { tags: ["regulars"] } }));
    expect(result).toMatchObject({
      ok: true,
      fieldErrors: {},
      estimate: {
        recipients: 3,
        skippedOptedOut: 1,
        skippedNotMobile: 1,
        encoding: "GSM-7",
        parts: 1,
        totalParts: 3,
        cost: 3 * SMS_PRICE,
        price: SMS_PRICE,
        category: "promotional",
        preview: "Hi Ravi 1, Rao Sweets has 20% off for you. Reply STOP to opt out.",
        unicodeCause: null,
        balance: 1_000,
      },
    });
  });

  it("says a Hindi message is UCS-2, which character made it so, and counts its parts", async () => {
    const template = await makeSmsTemplate({ content: "{#var#} {#var#} {#var#} " + "क".repeat(60), smsCategory: "service" });
    const { user } = await businessWithContacts(2);
    const result = await estimateCampaign(
      user.id,
      input(template.id, { slotFills: [{ source: "fixed", value: "नमस्ते" }, ...fills().slice(1)] }),
    );
    if (!result.ok) throw new Error(result.message);
    // 6 + 1 + 10 + 1 + 7 + 1 + 60 = 86 UTF-16 units: two parts of 67.
    expect(result.estimate).toMatchObject({ encoding: "UCS-2", characters: 86, parts: 2, cost: 2 * 2 * SMS_PRICE });
    expect(result.estimate.unicodeCause).toEqual({ char: "न", index: 0 });
  });

  it("names the slot whose value is too long or has a line break, and the template's slot count", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(1);
    // A value no message could carry is refused outright, before the audience is read.
    const long = await estimateCampaign(user.id, input(template.id, { slotFills: fills("x".repeat(31)) }));
    expect(long).toMatchObject({
      ok: false,
      status: 400,
      message: "Offer: A slot holds at most 30 characters",
      fieldErrors: { "fills[2].value": ["Offer: A slot holds at most 30 characters"] },
    });
    const broken = await estimateCampaign(user.id, input(template.id, { slotFills: fills("two\nlines") }));
    expect(broken).toMatchObject({ ok: false, status: 400, fieldErrors: { "fills[2].value": ["Offer: A slot cannot hold a line break"] } });
    const hidden = await estimateCampaign(user.id, input(template.id, { slotFills: fills("20%\u202e off") }));
    expect(hidden).toMatchObject({
      ok: false,
      fieldErrors: { "fills[2].value": ["Offer: Remove the invisible characters from this slot"] },
    });
    // An empty one is named, and the numbers still come back.
    const empty = await estimateCampaign(user.id, input(template.id, { slotFills: fills("") }));
    expect(empty).toMatchObject({ ok: true, fieldErrors: { "fills[2].value": ["Offer: Fill in this slot"] }, estimate: { recipients: 1 } });
    const short = await estimateCampaign(user.id, input(template.id, { slotFills: fills().slice(0, 2) }));
    expect(short).toMatchObject({ ok: true, fieldErrors: { fills: ["This template has 3 slots: fill each one"] } });
    // The business's own name goes into a slot too: too long, it is named.
    await db().update(users).set({ businessName: "The Very Long Name Of Rao Sweets And Savouries" }).where(eq(users.id, user.id));
    const business = await estimateCampaign(user.id, input(template.id));
    expect(business).toMatchObject({ ok: false, fieldErrors: { "fills[1].value": ["Business name: A slot holds at most 30 characters"] } });
  });

  it("refuses a message over 10 parts, an empty audience, a template not the business's and free text unless allowed", async () => {
    const { user } = await businessWithContacts(1);
    const other = await makeUser();
    const template = await makeSmsTemplate();
    const freeText: CampaignInput = { ...input(template.id), templateId: null, slotFills: [], message: "क".repeat(700) };
    expect(await estimateCampaign(user.id, freeText)).toMatchObject({
      ok: false,
      status: 400,
      message: CAMPAIGN_REFUSALS.freeTextNotAllowed,
    });
    await allowFreeText(true);
    const tooLong = await estimateCampaign(user.id, freeText);
    expect(tooLong).toMatchObject({ ok: true, fieldErrors: { message: ["This message takes 11 parts: at most 10 can be sent"] } });
    const nobody = await estimateCampaign(user.id, input(template.id, { audience: { tags: ["Nobody"] } }));
    expect(nobody).toMatchObject({ ok: true, fieldErrors: { tags: [CAMPAIGN_REFUSALS.noContacts] }, estimate: { recipients: 0 } });
    const others = await makeSmsTemplate({ userId: other.id });
    expect(await estimateCampaign(user.id, input(others.id))).toMatchObject({
      ok: false,
      status: 404,
      message: CAMPAIGN_REFUSALS.templateNotFound,
    });
    const inactive = await makeSmsTemplate({ isActive: false });
    expect(await estimateCampaign(user.id, input(inactive.id))).toMatchObject({ ok: false, status: 404 });
    const stranger = await makeContact({ userId: other.id });
    expect(await estimateCampaign(user.id, input(template.id, { audience: { contactIds: [stranger.id] } }))).toMatchObject({
      ok: false,
      status: 404,
      message: CAMPAIGN_REFUSALS.contactsNotFound,
    });
  });

  it("adds the opt-out line to promotional free text, and needs the business's own registration for its own template", async () => {
    const { user } = await businessWithContacts(1);
    await allowFreeText(true);
    const template = await makeSmsTemplate();
    const free = await estimateCampaign(user.id, {
      ...input(template.id),
      templateId: null,
      slotFills: [],
      message: "Fresh jalebi today!",
    });
    expect(free).toMatchObject({ ok: true, estimate: { preview: `Fresh jalebi today!\n${OPT_OUT_LINE}` } });
    const own = await makeSmsTemplate({ userId: user.id });
    expect(await estimateCampaign(user.id, input(own.id))).toMatchObject({
      ok: false,
      status: 409,
      message: CAMPAIGN_REFUSALS.needsRegistration,
    });
    await updateSmsRegistration(user.id, { dltEntityId: "1101234567890123456", senderHeader: "RAOSWT" });
    expect(await estimateCampaign(user.id, input(own.id))).toMatchObject({ ok: true, fieldErrors: {} });
  });
});

describe("counting a big audience", () => {
  it("counts more contacts than one slice holds, in slices, and counts again once the contacts change", async () => {
    const template = await makeSmsTemplate({ smsCategory: "service" });
    const { user } = await businessWithContacts(0, { balance: 100_000 });
    const total = COUNT_SLICE * 2 + 500;
    // Names of 8 to 11 characters, a third in 'Regulars', every 100th opted out.
    await db().execute(sql`
      insert into contacts (user_id, name, mobile_number, can_get_sms, tags, opted_out)
      select ${user.id}::uuid, 'Guest ' || g, '+9198' || lpad(g::text, 8, '0'), true,
             case when g % 3 = 0 then array['Regulars'] else '{}' end, g % 100 = 0
      from generate_series(1, ${total}::int) as g`);
    const all = await estimateCampaign(user.id, input(template.id));
    const optedOut = Math.floor(total / 100);
    expect(all).toMatchObject({ ok: true, estimate: { recipients: total - optedOut, skippedOptedOut: optedOut } });
    if (!all.ok) return;
    // One part each: Hi <name>, Rao Sweets has 20% off for you. … stays under 160.
    expect(all.estimate.totalParts).toBe(all.estimate.recipients);
    const regulars = await estimateCampaign(user.id, input(template.id, { audience: { tags: ["regulars"] } }));
    const inGroup = Math.floor(total / 3);
    const inGroupOptedOut = Math.floor(total / 300);
    expect(regulars).toMatchObject({ ok: true, estimate: { recipients: inGroup - inGroupOptedOut, skippedOptedOut: inGroupOptedOut } });
    await makeContact({ userId: user.id, name: "Latecomer", tags: ["Regulars"] });
    expect(await estimateCampaign(user.id, input(template.id))).toMatchObject({ estimate: { recipients: all.estimate.recipients + 1 } });
    await db().update(contacts).set({ optedOut: true }).where(eq(contacts.name, "Latecomer"));
    expect(await estimateCampaign(user.id, input(template.id))).toMatchObject({ estimate: { recipients: all.estimate.recipients } });
  });
});

describe("creating and sending a campaign", () => {
  it("saves a draft with its event; a repeated key answers with the same campaign, a reused one is refused", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(2);
    const first = await createCampaign(user.id, input(template.id), { idempotencyKey: "create-key-1" });
    if (!first.ok) throw new Error(first.message);
    expect(first.campaign).toMatchObject({
      status: "draft",
      message: template.content,
      senderHeader: "ISENTL",
      dltTemplateId: template.dltTemplateId,
    });
    const again = await createCampaign(user.id, input(template.id), { idempotencyKey: "create-key-1" });
    expect(again).toMatchObject({ ok: true, campaign: { id: first.campaign.id } });
    expect(await createCampaign(user.id, input(template.id, { name: "Other" }), { idempotencyKey: "create-key-1" })).toMatchObject({
      ok: false,
      status: 422,
    });
    const mine = await db().select().from(campaigns).where(eq(campaigns.userId, user.id));
    expect(mine).toHaveLength(1);
    const events = await db().select().from(campaignEvents).where(eq(campaignEvents.campaignId, first.campaign.id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: "draft" }]);
  });

  it("refuses bad input with the field's message and writes nothing", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(1);
    const refused = await createCampaign(user.id, input(template.id, { slotFills: fills("x".repeat(40)) }));
    expect(refused).toMatchObject({ ok: false, status: 400, message: "Offer: A slot holds at most 30 characters" });
    expect(await db().select().from(campaigns).where(eq(campaigns.userId, user.id))).toEqual([]);
  });

  it("reserves the whole cost and starts sending; its job writes a message per recipient (landline skipped with its reason, opted-out not at all)", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(3, { balance: 100 });
    await makeContact({ userId: user.id, name: "Gone", optedOut: true });
    await makeContact({ userId: user.id, name: "Office", mobileNumber: "08022334455" });
    const created = await createCampaign(user.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    const sent = await sendCampaign(user.id, created.campaign.id);
    expect(sent).toMatchObject({
      ok: true,
      campaign: { status: "sending", cost: 3 * SMS_PRICE, recipientsCount: 4, messagesWrittenAt: null },
    });
    // The request writes no message: however big the audience, its work is the same.
    expect(await messagesOf(created.campaign.id)).toEqual([]);
    // Added after Send, it was not paid for: no message.
    await makeContact({ userId: user.id, name: "Latecomer" });
    await writeAllMessages(created.campaign.id);
    const messages = await messagesOf(created.campaign.id);
    expect(messages.find((message) => message.body.includes("Latecomer"))).toBeUndefined();
    expect(messages.filter((message) => message.status === "queued")).toHaveLength(3);
    expect(messages.filter((message) => message.status === "skipped")).toMatchObject([
      { toNumber: "08022334455", failureReason: "Not a mobile number", cost: 0 },
    ]);
    expect(messages.find((message) => message.body.includes("Gone"))).toBeUndefined();
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - 3 * SMS_PRICE, ledger: 100 - 3 * SMS_PRICE });
    expect(await ledgerRows(user.id, "campaign")).toEqual([{ amount: -3 * SMS_PRICE, reference: created.campaign.id }]);
    expect(await dispatchJobs(created.campaign.id)).toHaveLength(1);
    const detail = await getCampaign(user.id, created.campaign.id);
    expect(detail?.counts).toEqual({ total: 4, queued: 3, sent: 0, delivered: 0, failed: 0, skipped: 1, cancelled: 0 });
    expect(detail?.events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, "draft"],
      ["draft", "sending"],
    ]);
    expect(detail?.availableActions).toEqual(["pause", "cancel"]);
  });

  it("refuses a short balance with 402, the cost and the shortfall, and writes nothing", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(3, { balance: 5 });
    const created = await createCampaign(user.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    const refused = await sendCampaign(user.id, created.campaign.id);
    expect(refused).toEqual({
      ok: false,
      status: 402,
      message: "This campaign costs 6 credits and your balance is 5: add 1 credit to send it.",
      cost: 6,
      balance: 5,
      shortfall: 1,
    });
    expect(await messagesOf(created.campaign.id)).toEqual([]);
    expect((await getCampaign(user.id, created.campaign.id))?.status).toBe("draft");
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 5, ledger: 5 });
    expect(await dispatchJobs(created.campaign.id)).toEqual([]);
  });

  it("answers a second send with 409, also when both come at once: charged once", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(2, { balance: 100 });
    const created = await createCampaign(user.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    const both = await Promise.all([sendCampaign(user.id, created.campaign.id), sendCampaign(user.id, created.campaign.id)]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.find((result) => !result.ok)).toMatchObject({ status: 409, message: actionRefusal("send", "sending") });
    expect(await sendCampaign(user.id, created.campaign.id)).toMatchObject({ status: 409, message: "This campaign is already sending." });
    await writeAllMessages(created.campaign.id);
    expect(await messagesOf(created.campaign.id)).toHaveLength(2);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - 2 * SMS_PRICE, ledger: 100 - 2 * SMS_PRICE });
  });

  it("schedules a campaign for a later time and refuses one in the past", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(1);
    const created = await createCampaign(user.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    expect(await sendCampaign(user.id, created.campaign.id, { at: new Date(Date.now() - 60_000) })).toMatchObject({
      ok: false,
      status: 400,
      message: "Choose a time in the future",
    });
    const at = new Date(Date.now() + 2 * 3_600_000);
    const scheduled = await sendCampaign(user.id, created.campaign.id, { at });
    expect(scheduled).toMatchObject({ ok: true, campaign: { status: "scheduled", startsAt: at } });
    // Its job runs at once to write its messages, then waits for its time.
    expect(await dispatchJobs(created.campaign.id)).toHaveLength(1);
    await test.handle.executeSql("update pgboss.job set state = 'active' where name = 'campaign-dispatch' and data ->> 'campaignId' = $1", [
      created.campaign.id,
    ]);
    expect(await dispatchCampaign(created.campaign.id)).toBe("waiting");
    expect(await messagesOf(created.campaign.id)).toMatchObject([{ status: "queued" }]);
    const waiting = (await dispatchJobs(created.campaign.id)).filter((job) => new Date(job.start_after).getTime() === at.getTime());
    expect(waiting).toHaveLength(1);
  });

  it("holds a promotional campaign started at 22:00 in India until 10:00 the next day; a service one goes at once", async () => {
    await setSendingWindow({ startHour: 10, endHour: 21 });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T16:30:00Z")); // 22:00 in India
    const promotional = await makeSmsTemplate();
    const service = await makeSmsTemplate({ smsCategory: "service" });
    const { user } = await businessWithContacts(1);
    const first = await createCampaign(user.id, input(promotional.id));
    const second = await createCampaign(user.id, input(service.id));
    if (!first.ok || !second.ok) throw new Error("not created");
    const held = await sendCampaign(user.id, first.campaign.id);
    expect(held).toMatchObject({ ok: true, campaign: { status: "scheduled", startsAt: new Date("2026-12-02T04:30:00Z") } });
    if (held.ok)
      expect(held.campaign.statusReason).toBe("Promotional SMS go out between 10:00 and 21:00 in India: starts 2 December at 10:00 am");
    expect(await sendCampaign(user.id, second.campaign.id)).toMatchObject({ ok: true, campaign: { status: "sending" } });
  });
});

describe("the state machine", () => {
  const statuses: CampaignStatus[] = ["draft", "scheduled", "sending", "paused", "sent", "cancelled", "failed"];

  for (const action of CAMPAIGN_ACTIONS) {
    for (const status of statuses) {
      const applies = CAMPAIGN_TRANSITIONS[action].from.includes(status);
      it(`${action} on a ${status} campaign ${applies ? "applies" : "is refused with 409"}`, async () => {
        const { user } = await businessWithContacts(1);
        const campaign = await makeCampaign({ userId: user.id, status, category: "service", message: "Your order is ready." });
        const result = action === "send" ? await sendCampaign(user.id, campaign.id) : await changeCampaign(user.id, campaign.id, action);
        const [after] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
        const events = await db().select().from(campaignEvents).where(eq(campaignEvents.campaignId, campaign.id));
        if (!applies) {
          expect(result).toEqual({ ok: false, status: 409, message: actionRefusal(action, status), currentStatus: status });
          expect(after.status).toBe(status);
          expect(events).toEqual([]);
          return;
        }
        expect(result).toMatchObject({ ok: true, campaign: { status: CAMPAIGN_TRANSITIONS[action].to } });
        expect(after.status).toBe(CAMPAIGN_TRANSITIONS[action].to);
        expect(events).toMatchObject([{ fromStatus: status, toStatus: CAMPAIGN_TRANSITIONS[action].to }]);
      });
    }
  }

  it("refuses another business's campaign as not found, for every action", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const campaign = await makeCampaign({ userId: owner.id });
    expect(await sendCampaign(stranger.id, campaign.id)).toMatchObject({ ok: false, status: 404 });
    for (const action of ["pause", "resume", "cancel"] as const) {
      expect(await changeCampaign(stranger.id, campaign.id, action)).toMatchObject({ ok: false, status: 404 });
    }
    expect(await getCampaign(stranger.id, campaign.id)).toBeNull();
    expect(await getCampaign(owner.id, "not-a-uuid")).toBeNull();
  });

  it("resumes a promotional campaign outside the window as scheduled, with when it starts", async () => {
    const { user } = await businessWithContacts(1);
    const campaign = await makeCampaign({ userId: user.id, status: "paused", category: "promotional" });
    await setSendingWindow({ startHour: 10, endHour: 21 });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T02:00:00Z")); // 07:30 in India
    const resumed = await changeCampaign(user.id, campaign.id, "resume");
    expect(resumed).toMatchObject({ ok: true, campaign: { status: "scheduled", startsAt: new Date("2026-12-01T04:30:00Z") } });
  });
});

describe("money", () => {
  it("cancel gives back what was not sent, once, and the ledger adds up to the balance", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(3, { balance: 50 });
    const created = await createCampaign(user.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    await sendAndWrite(user.id, created.campaign.id);
    // One message the provider already took.
    const [taken] = await messagesOf(created.campaign.id);
    await db()
      .update(smsMessages)
      .set({ status: "submitted", submittedAt: sql`now()`, provider: "fake", providerMessageId: `p-${taken.id}` })
      .where(eq(smsMessages.id, taken.id));
    const cancelled = await changeCampaign(user.id, created.campaign.id, "cancel");
    expect(cancelled).toMatchObject({ ok: true, campaign: { status: "cancelled" } });
    const [after] = await db().select().from(campaigns).where(eq(campaigns.id, created.campaign.id));
    expect(after).toMatchObject({ cost: 6, refunded: 4 });
    expect(after.settledAt).not.toBeNull();
    expect((await messagesOf(created.campaign.id)).map((message) => message.status).sort()).toEqual([
      "cancelled",
      "cancelled",
      "submitted",
    ]);
    expect(await ledgerRows(user.id, "refund")).toEqual([{ amount: 4, reference: `campaign:${created.campaign.id}` }]);
    expect(await settleCampaign(created.campaign.id)).toBeNull();
    expect(await ledgerRows(user.id, "refund")).toHaveLength(1);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 50 - 2, ledger: 50 - 2 });
    expect(await changeCampaign(user.id, created.campaign.id, "resume")).toMatchObject({
      status: 409,
      message: "This campaign is cancelled: it cannot be changed any more.",
    });
  });

  it("writes a sent campaign's messages a chunk at a time, from where it stopped; a cancel meanwhile refunds all that was not taken, once", async () => {
    const template = await makeSmsTemplate({ smsCategory: "service" });
    const { user } = await businessWithContacts(7, { balance: 100 });
    const created = await createCampaign(user.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    await sendCampaign(user.id, created.campaign.id);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - 7 * SMS_PRICE, ledger: 100 - 7 * SMS_PRICE });
    // A budget spent at once: one chunk of 3 each time, resumed from the last contact written.
    expect(await writeCampaignMessages(created.campaign.id, { budgetMs: 0, chunk: 3 })).toBe("more");
    expect(await writeCampaignMessages(created.campaign.id, { budgetMs: 0, chunk: 3 })).toBe("more");
    const written = await messagesOf(created.campaign.id);
    expect(written).toHaveLength(6);
    expect(new Set(written.map((message) => message.contactId)).size).toBe(6);
    // The provider took one of them; then the business cancels before the seventh is written.
    await db()
      .update(smsMessages)
      .set({ status: "submitted", submittedAt: sql`now()`, provider: "fake", providerMessageId: "p-1" })
      .where(eq(smsMessages.id, written[0].id));
    await changeCampaign(user.id, created.campaign.id, "cancel");
    expect(await writeCampaignMessages(created.campaign.id, { budgetMs: 0, chunk: 3 })).toBe("stopped");
    expect(await messagesOf(created.campaign.id)).toHaveLength(6);
    expect(await ledgerRows(user.id, "refund")).toEqual([{ amount: 6 * SMS_PRICE, reference: `campaign:${created.campaign.id}` }]);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - SMS_PRICE, ledger: 100 - SMS_PRICE });
  });

  it("never charges more than was reserved: a name made longer between Send and its message costs nothing more", async () => {
    const template = await makeSmsTemplate({ smsCategory: "service", content: `Hi {#var#}, ${"x".repeat(128)}` });
    const { user, contacts: people } = await businessWithContacts(2, { balance: 100 });
    const created = await createCampaign(user.id, input(template.id, { slotFills: [{ source: "contact_name" }] }));
    if (!created.ok) throw new Error(created.message);
    const sent = await sendCampaign(user.id, created.campaign.id);
    expect(sent).toMatchObject({ ok: true, campaign: { cost: 2 * SMS_PRICE } });
    // 'Hi Ravi 1, x…' is 139 characters; with a name of 30 it is 163: two parts.
    await db().update(contacts).set({ name: "Venkataraghavan Srinivasa Iyer" }).where(eq(contacts.id, people[0].id));
    await writeAllMessages(created.campaign.id);
    const messages = await messagesOf(created.campaign.id);
    expect(messages.map((message) => message.parts).sort()).toEqual([1, 2]);
    await db()
      .update(smsMessages)
      .set({ status: "submitted", submittedAt: sql`now()` })
      .where(eq(smsMessages.campaignId, created.campaign.id));
    // Settled with all taken: 3 parts' worth went out on 2 parts reserved, and the business paid what it was told.
    await changeCampaign(user.id, created.campaign.id, "cancel");
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - 2 * SMS_PRICE, ledger: 100 - 2 * SMS_PRICE });
    expect((await db().select().from(campaigns).where(eq(campaigns.id, created.campaign.id)))[0]).toMatchObject({ refunded: 0 });
  });

  it("a cancel waits for messages a worker holds before it settles", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(2, { balance: 50 });
    const created = await createCampaign(user.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    await sendAndWrite(user.id, created.campaign.id);
    const [held] = await messagesOf(created.campaign.id);
    await db()
      .update(smsMessages)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(smsMessages.id, held.id));
    await changeCampaign(user.id, created.campaign.id, "cancel");
    expect((await db().select().from(campaigns).where(eq(campaigns.id, created.campaign.id)))[0].settledAt).toBeNull();
    // The worker's hold runs out (it died): the message is cancelled and everything refunded, once.
    await db()
      .update(smsMessages)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(smsMessages.id, held.id));
    expect(await settleCampaign(created.campaign.id)).toBe(4);
    expect(await settleCampaign(created.campaign.id)).toBeNull();
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 50, ledger: 50 });
  });

  it("keeps every business's balance equal to its ledger when several campaigns send at once", async () => {
    const template = await makeSmsTemplate();
    const { user } = await businessWithContacts(2, { balance: 9 });
    const made = [];
    for (let i = 0; i < 4; i++) {
      const created = await createCampaign(user.id, input(template.id, { name: `Campaign ${i}` }));
      if (!created.ok) throw new Error(created.message);
      made.push(created.campaign.id);
    }
    const results = await Promise.all(made.map((id) => sendCampaign(user.id, id)));
    // 9 credits pay for two campaigns of 4.
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(results.filter((result) => !result.ok && result.status === 402)).toHaveLength(2);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 1, ledger: 1 });
    for (const [index, result] of results.entries()) if (result.ok) await writeAllMessages(made[index]);
    const written = await db()
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(and(eq(smsMessages.userId, user.id)));
    expect(written).toHaveLength(4);
    const [row] = await db().select({ optedOut: contacts.optedOut }).from(contacts).where(eq(contacts.userId, user.id)).limit(1);
    expect(row.optedOut).toBe(false);
  });
});

describe("the account's data", () => {
  it("downloads the business's campaigns, messages and SMS replies, and deletes them with the account", async () => {
    const template = await makeSmsTemplate();
    const owner = await createUser({ businessName: "Rao Sweets" });
    const contact = await makeContact({ userId: owner.id, name: "Ravi" });
    const other = await createUser();
    const created = await createCampaign(owner.id, input(template.id));
    if (!created.ok) throw new Error(created.message);
    await sendAndWrite(owner.id, created.campaign.id);
    await db()
      .insert(smsReplies)
      .values([
        {
          provider: "fake",
          providerMessageId: randomUUID(),
          fromNumber: contact.mobileNumber,
          body: "STOP",
          userId: owner.id,
          contactId: contact.id,
          action: "opted_out",
        },
        { provider: "fake", providerMessageId: randomUUID(), fromNumber: "+919800000000", body: "STOP", userId: other.id, action: "none" },
      ]);
    const download = await exportAccountData(owner.id);
    let text = "";
    for await (const piece of download!) text += piece;
    const exported = JSON.parse(text) as {
      campaigns: Array<{ id: string }>;
      smsMessages: Array<{ body: string }>;
      smsReplies: Array<{ body: string; userId: string }>;
    };
    expect(exported.campaigns.map((campaign) => campaign.id)).toEqual([created.campaign.id]);
    expect(exported.smsMessages).toMatchObject([{ body: "Hi Ravi, Rao Sweets has 20% off for you. Reply STOP to opt out." }]);
    expect(exported.smsReplies).toMatchObject([{ body: "STOP", userId: owner.id }]);
    expect(text).not.toContain(other.id);

    expect(
      await deleteConfirmedAccount({ userId: owner.id, password: PASSWORD, confirmedWithGoogle: false, clientIp: "203.0.113.9" }),
    ).toEqual({
      ok: true,
    });
    expect(await db().select().from(smsReplies).where(eq(smsReplies.userId, owner.id))).toEqual([]);
    expect(await db().select().from(campaignEvents).where(eq(campaignEvents.campaignId, created.campaign.id))).toEqual([]);
    expect(await db().select().from(smsReplies).where(eq(smsReplies.userId, other.id))).toHaveLength(1);
  });
});
