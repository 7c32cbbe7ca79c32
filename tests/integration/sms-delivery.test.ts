import { createHmac } from "node:crypto";

import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { contactConsentEvents, contacts, smsMessages, smsReplies } from "~/db/schema";
import { makeContact, makeUser, uniqueMobileNumber } from "~/db/seed/factories.server";
import { updateSmsRegistration } from "~/models/campaigns.server";
import { getConsentHistory, recordConsentChange } from "~/models/contact-consent.server";
import { getSmsSettings } from "~/models/settings.server";
import { receiveDeliveryReports, receiveReply } from "~/models/sms-delivery.server";
import { action as msg91Delivery } from "~/routes/api+/sms.delivery.msg91";
import { action as twilioDelivery } from "~/routes/api+/sms.delivery.twilio";
import { action as msg91Inbound } from "~/routes/api+/sms.inbound.msg91";
import { action as twilioInbound } from "~/routes/api+/sms.inbound.twilio";

import { setupTestDatabase } from "../support/database";
import { msg91ReportForm } from "../support/fake-msg91";
import { SITE, call } from "../support/http";
import { makeSentMessages, messageRow, messagesById } from "../support/sms-messages";

// The webhooks' secrets, as an installation configures them (read once, when config loads).
const secrets = vi.hoisted(() => {
  const values = { msg91Token: "msg91-webhook-token-for-the-tests-0123", twilioAuthToken: "twilio-auth-token-for-the-tests" };
  process.env.MSG91_WEBHOOK_TOKEN = values.msg91Token;
  process.env.TWILIO_AUTH_TOKEN = values.twilioAuthToken;
  return values;
});

setupTestDatabase();

/** X-Twilio-Signature computed here, from Twilio's documented algorithm, apart from the product's code. */
function twilioSign(url: string, params: Record<string, string>, token = secrets.twilioAuthToken) {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((key) => key + params[key])
      .join("");
  return createHmac("sha1", token).update(data).digest("base64");
}

function post(path: string, body: string, contentType: string, headers: Record<string, string> = {}) {
  return new Request(new URL(path, SITE), { method: "POST", headers: { "Content-Type": contentType, ...headers }, body });
}

const FORM = "application/x-www-form-urlencoded";

function twilioPost(path: string, params: Record<string, string>, signature = twilioSign(`${SITE}${path}`, params)) {
  return post(path, new URLSearchParams(params).toString(), FORM, { "X-Twilio-Signature": signature });
}

describe("delivery reports (receiveDeliveryReports)", () => {
  it("moves submitted messages to delivered, failed or undelivered with the reason and the time, in one call", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio", count: 3 });
    const [delivered, failed, undelivered] = messages;
    const result = await receiveDeliveryReports("twilio", [
      { providerMessageId: delivered.providerMessageId!, status: "delivered", reason: "ignored for delivered" },
      { providerMessageId: failed.providerMessageId!, status: "failed", reason: "Invalid number" },
      { providerMessageId: undelivered.providerMessageId!, status: "undelivered", reason: "Number switched off" },
    ]);
    expect(result).toEqual({ applied: 3, unknown: [] });
    const rows = await messagesById(messages.map((message) => message.id));
    expect(rows.get(delivered.id)).toMatchObject({ status: "delivered", failureReason: null, finishedAt: expect.any(Date) });
    expect(rows.get(failed.id)).toMatchObject({ status: "failed", failureReason: "Invalid number", finishedAt: expect.any(Date) });
    expect(rows.get(undelivered.id)).toMatchObject({ status: "undelivered", failureReason: "Number switched off" });
  });

  it("never moves backwards: a repeat or a later different report changes nothing, nor does a report for a message not yet submitted", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio", count: 1 });
    const [message] = messages;
    await receiveDeliveryReports("twilio", [{ providerMessageId: message.providerMessageId!, status: "delivered" }]);
    const first = await messageRow(message.id);
    expect(await receiveDeliveryReports("twilio", [{ providerMessageId: message.providerMessageId!, status: "delivered" }])).toEqual({
      applied: 0,
      unknown: [],
    });
    await receiveDeliveryReports("twilio", [{ providerMessageId: message.providerMessageId!, status: "failed", reason: "late" }]);
    expect(await messageRow(message.id)).toEqual(first);

    const queued = (await makeSentMessages({ userId: user.id, provider: "twilio", status: "queued" })).messages[0];
    await receiveDeliveryReports("twilio", [{ providerMessageId: "SM-anything", status: "failed" }]);
    expect((await messageRow(queued.id)).status).toBe("queued");
  });

  it("ignores ids no message carries, and the same id of another provider", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "msg91", count: 1 });
    const result = await receiveDeliveryReports("twilio", [
      { providerMessageId: messages[0].providerMessageId!, status: "failed" },
      { providerMessageId: "SMunknown", status: "delivered" },
    ]);
    expect(result).toEqual({ applied: 0, unknown: [messages[0].providerMessageId, "SMunknown"] });
    expect((await messageRow(messages[0].id)).status).toBe("submitted");
  });
});

describe("POST /api/sms/delivery/msg91", () => {
  it("401 without the token or with a wrong one, nothing changed; with it, MSG91's v2 form applies: 1 delivered, 9 NDNC, 2 failed with its reason", async () => {
    const user = await makeUser();
    const requestId = "3465646f4d4a313233343536";
    const { messages } = await makeSentMessages({
      userId: user.id,
      provider: "msg91",
      count: 3,
      providerMessageId: (n) => `${requestId}:9198765${String(n).padStart(5, "0")}`,
    });
    const form = msg91ReportForm(requestId, [
      { number: "919876500000", status: "1", desc: "DELIVERED" },
      { number: "919876500001", status: "9", desc: "NDNC" },
      { number: "919876500002", status: "2", desc: "FAILED", failedReason: "Absent subscriber" },
    ]);
    expect((await call(msg91Delivery, post("/api/sms/delivery/msg91", form, FORM))).status).toBe(401);
    expect((await call(msg91Delivery, post("/api/sms/delivery/msg91?token=wrong", form, FORM))).status).toBe(401);
    expect([...(await messagesById(messages.map((m) => m.id))).values()].every((row) => row.status === "submitted")).toBe(true);

    const path = `/api/sms/delivery/msg91?token=${secrets.msg91Token}`;
    expect(await call(msg91Delivery, post(path, form, FORM))).toMatchObject({ status: 200, data: { message: "3 of 3 reports applied." } });
    const rows = await messagesById(messages.map((m) => m.id));
    expect(messages.map((m) => [rows.get(m.id)?.status, rows.get(m.id)?.failureReason])).toEqual([
      ["delivered", null],
      ["undelivered", "NDNC"],
      ["failed", "Absent subscriber"],
    ]);
    // The same webhook again: answered, nothing moves.
    expect(await call(msg91Delivery, post(path, form, FORM))).toMatchObject({ status: 200, data: { message: "0 of 3 reports applied." } });
  });

  it("takes the JSON webhooks too (v3 object, the newer one with telNum); unknown requests are 200 and ignored; no report is 400", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({
      userId: user.id,
      provider: "msg91",
      count: 2,
      providerMessageId: (n) => `abc123:9198770${String(n).padStart(5, "0")}`,
    });
    const path = `/api/sms/delivery/msg91?token=${secrets.msg91Token}`;
    const v3 = JSON.stringify({ requestId: "abc123", number: "919877000000", status: "1", desc: "DELIVERED" });
    expect((await call(msg91Delivery, post(path, v3, "application/json"))).status).toBe(200);
    const newer = JSON.stringify([{ requestId: "abc123", telNum: "9877000001", status: "Failed", failureReason: "Blocked by DND" }]);
    expect((await call(msg91Delivery, post(path, newer, "application/json"))).status).toBe(200);
    const rows = await messagesById(messages.map((m) => m.id));
    expect(rows.get(messages[0].id)?.status).toBe("delivered");
    expect(rows.get(messages[1].id)).toMatchObject({ status: "failed", failureReason: "Blocked by DND" });

    const stranger = JSON.stringify({ requestId: "nobody", number: "919800000000", status: "1", desc: "DELIVERED" });
    expect(await call(msg91Delivery, post(path, stranger, "application/json"))).toMatchObject({
      status: 200,
      data: { message: "0 of 1 reports applied." },
    });
    expect((await call(msg91Delivery, post(path, "not json", "application/json"))).status).toBe(400);
  });
});

describe("POST /api/sms/delivery/twilio", () => {
  const path = "/api/sms/delivery/twilio";

  it("401 with a bad or missing X-Twilio-Signature, nothing changed; signed, the final status applies once", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio", providerMessageId: () => `SM${"1".repeat(32)}` });
    const params = {
      MessageSid: `SM${"1".repeat(32)}`,
      MessageStatus: "undelivered",
      ErrorCode: "30003",
      AccountSid: "AC123",
      To: messages[0].toNumber,
    };
    expect((await call(twilioDelivery, twilioPost(path, params, "bm90IHRoZSBzaWduYXR1cmU="))).status).toBe(401);
    expect((await call(twilioDelivery, twilioPost(path, params, twilioSign(`${SITE}${path}`, params, "another-token")))).status).toBe(401);
    expect((await call(twilioDelivery, post(path, new URLSearchParams(params).toString(), FORM))).status).toBe(401);
    // Signed for other parameters.
    expect(
      (await call(twilioDelivery, twilioPost(path, { ...params, MessageStatus: "delivered" }, twilioSign(`${SITE}${path}`, params))))
        .status,
    ).toBe(401);
    expect((await messageRow(messages[0].id)).status).toBe("submitted");

    expect(await call(twilioDelivery, twilioPost(path, params))).toMatchObject({ status: 200, data: { message: "Report applied." } });
    expect(await messageRow(messages[0].id)).toMatchObject({
      status: "undelivered",
      failureReason: "Number switched off or unreachable (Twilio error 30003)",
    });
    expect(await call(twilioDelivery, twilioPost(path, params))).toMatchObject({ status: 200, data: { message: "Nothing to change." } });
  });

  it("a status on the way (sent) records nothing; a message we do not know is 200", async () => {
    const user = await makeUser();
    const sid = `SM${"2".repeat(32)}`;
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio", providerMessageId: () => sid });
    const sent = { MessageSid: sid, MessageStatus: "sent" };
    expect(await call(twilioDelivery, twilioPost(path, sent))).toMatchObject({
      status: 200,
      data: { message: "Not a final status: nothing to record." },
    });
    expect((await messageRow(messages[0].id)).status).toBe("submitted");
    const stranger = { MessageSid: `SM${"9".repeat(32)}`, MessageStatus: "delivered" };
    expect((await call(twilioDelivery, twilioPost(path, stranger))).status).toBe(200);
  });
});

async function historyOf(userId: string, contactId: string) {
  return (await getConsentHistory(userId, contactId)).events.map(({ state, source, channel }) => ({ state, source, channel }));
}

const optedOut = async (contactId: string) =>
  (await db().select({ optedOut: contacts.optedOut }).from(contacts).where(eq(contacts.id, contactId)))[0].optedOut;

let replyIds = 0;
const nextReplyId = () => `reply-${++replyIds}-${Date.now()}`;

/** A business with its own DLT registration: its own templates and free text go out under `header`. */
async function registered(header: string) {
  const user = await makeUser();
  expect(await updateSmsRegistration(user.id, { dltEntityId: "1101234567890123456", senderHeader: header })).toMatchObject({ ok: true });
  return user;
}

const eventCount = async (contactIds: string[]) =>
  (await db().select({ id: contactConsentEvents.id }).from(contactConsentEvents).where(inArray(contactConsentEvents.contactId, contactIds)))
    .length;

describe("replies (receiveReply)", () => {
  it.each(["STOP", "stop", " Stop. ", "unsubscribe", "END", "quit", "Cancel", "stop ISENTL", "ISENTL STOP", "VM-ISENTL stop"])(
    "%j opts the contact out for the business that messaged them, on its history as an SMS reply",
    async (body) => {
      const user = await makeUser();
      const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio" });
      const outcome = await receiveReply("twilio", { providerMessageId: nextReplyId(), from: messages[0].toNumber, body });
      expect(outcome).toEqual({ action: "opted_out", userId: user.id, contactId: messages[0].contactId, repeated: false });
      expect(await optedOut(messages[0].contactId!)).toBe(true);
      const keyword = body
        .replace(/ISENTL|VM-|\./g, "")
        .trim()
        .toUpperCase();
      // The source names the header the reply answered: the one it names, else the last message's (the platform's).
      expect((await historyOf(user.id, messages[0].contactId!))[0]).toEqual({
        state: "opted_out",
        source: `Replied ${keyword} to ISENTL`,
        channel: "sms_reply",
      });
    },
  );

  it("START opts back in; the same reply again (its provider id) does nothing more", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "msg91" });
    const from = messages[0].toNumber.replace("+", "");
    await receiveReply("msg91", { providerMessageId: nextReplyId(), from, body: "STOP" });
    const start = { providerMessageId: nextReplyId(), from, body: "start" };
    expect(await receiveReply("msg91", start)).toMatchObject({ action: "opted_in", repeated: false });
    expect(await optedOut(messages[0].contactId!)).toBe(false);
    expect(await receiveReply("msg91", start)).toMatchObject({ action: "opted_in", repeated: true });
    const events = await db()
      .select()
      .from(contactConsentEvents)
      .where(eq(contactConsentEvents.contactId, messages[0].contactId!))
      .orderBy(desc(contactConsentEvents.createdAt));
    expect(events.map((event) => [event.state, event.source, event.channel])).toEqual([
      ["opted_in", "Replied START to ISENTL", "sms_reply"],
      ["opted_out", "Replied STOP to ISENTL", "sms_reply"],
      ["opted_in", null, "form"],
    ]);
    expect(await db().select().from(smsReplies).where(eq(smsReplies.providerMessageId, start.providerMessageId))).toHaveLength(1);
  });

  it("a STOP after a message under a business's own header opts out that business only: others with the number are untouched", async () => {
    const earlier = await makeUser();
    const later = await registered("SHARMA");
    const number = uniqueMobileNumber();
    const other = await makeSentMessages({
      userId: earlier.id,
      provider: "twilio",
      mobileNumber: number,
      submittedAt: new Date(Date.now() - 86_400_000),
    });
    const { messages } = await makeSentMessages({ userId: later.id, provider: "twilio", senderHeader: "SHARMA", mobileNumber: number });
    const outcome = await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: "STOP" });
    expect(outcome).toMatchObject({ action: "opted_out", userId: later.id });
    expect((await historyOf(later.id, messages[0].contactId!))[0]).toEqual({
      state: "opted_out",
      source: "Replied STOP to SHARMA",
      channel: "sms_reply",
    });
    expect(await optedOut(other.messages[0].contactId!)).toBe(false);
    expect(await historyOf(earlier.id, other.messages[0].contactId!)).toHaveLength(1);
  });

  it("a reply naming a sender header goes to the business whose campaign came under that header", async () => {
    const shop = await makeUser();
    const platformUser = await makeUser();
    const { messages } = await makeSentMessages({
      userId: shop.id,
      provider: "twilio",
      senderHeader: "SHARMA",
      submittedAt: new Date(Date.now() - 3_600_000),
    });
    const number = messages[0].toNumber;
    // A later message to the same number from another business, under the platform's header.
    const contact = await makeContact({ userId: platformUser.id, mobileNumber: number });
    const later = await makeSentMessages({ userId: platformUser.id, provider: "twilio", senderHeader: "ISENTL" });
    await db().update(smsMessages).set({ toNumber: number, contactId: contact.id }).where(eq(smsMessages.id, later.messages[0].id));
    expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: "STOP SHARMA" })).toMatchObject({
      action: "opted_out",
      userId: shop.id,
    });
    expect(await optedOut(messages[0].contactId!)).toBe(true);
    expect(await optedOut(contact.id)).toBe(false);
  });

  it("anything else is kept and changes nothing: a sentence, two keywords, an unknown number", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio" });
    const from = messages[0].toNumber;
    for (const body of ["Please stop sending these", "please stop", "STOP START", "hello"]) {
      expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from, body })).toMatchObject({ action: "none" });
    }
    expect(await optedOut(messages[0].contactId!)).toBe(false);
    // A number no factory makes (they make 9XXXXXXXXX from a counter).
    expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from: "+916123456789", body: "STOP" })).toEqual({
      action: "none",
      userId: null,
      contactId: null,
      repeated: false,
    });
  });

  it("an opt-out given on the form is not undone by a repeated STOP, and START after it is recorded", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio" });
    const contactId = messages[0].contactId!;
    await recordConsentChange(user.id, contactId, { state: "opted_out", source: "Asked at the counter", channel: "form" });
    expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from: messages[0].toNumber, body: "STOP" })).toMatchObject({
      action: "opted_out",
    });
    expect((await historyOf(user.id, contactId))[0]).toMatchObject({ source: "Asked at the counter" });
    await receiveReply("twilio", { providerMessageId: nextReplyId(), from: messages[0].toNumber, body: "START" });
    expect((await historyOf(user.id, contactId))[0]).toEqual({
      state: "opted_in",
      source: "Replied START to ISENTL",
      channel: "sms_reply",
    });
  });
});

describe("a reply to the platform's sender header, which businesses share", () => {
  /**
   * One number, a contact of six businesses: two without a registration (one messaged it last,
   * under the platform's header; one never did), one registered that sent it a platform template
   * under that header, one registered that only ever used its own, one without a registration whose
   * customer opted out at the counter, and one registered whose customer had replied STOP to its own
   * header. And the same shop's contact with another number.
   */
  async function sharedNumber() {
    const platform = (await getSmsSettings()).platformSenderHeader;
    const number = uniqueMobileNumber();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const last = await makeUser();
    const quiet = await makeUser();
    const usedPlatform = await registered("DESAIS");
    const ownOnly = await registered("SHARMA");
    const counter = await makeUser();
    const stoppedOwn = await registered("KUMARS");
    const sent = (userId: string, senderHeader: string, submittedAt: Date) =>
      makeSentMessages({ userId, provider: "twilio", senderHeader, submittedAt, mobileNumber: number }).then(
        (made) => made.messages[0].contactId!,
      );
    const contact = {
      usedPlatform: await sent(usedPlatform.id, platform, hourAgo),
      ownOnly: await sent(ownOnly.id, "SHARMA", hourAgo),
      stoppedOwn: await sent(stoppedOwn.id, platform, hourAgo),
      last: await sent(last.id, platform, new Date()),
      quiet: (await makeContact({ userId: quiet.id, mobileNumber: number })).id,
      counter: (await makeContact({ userId: counter.id, mobileNumber: number })).id,
      elsewhere: (await makeContact({ userId: quiet.id })).id,
    };
    await recordConsentChange(counter.id, contact.counter, { state: "opted_out", source: "Asked at the counter", channel: "form" });
    await recordConsentChange(stoppedOwn.id, contact.stoppedOwn, {
      state: "opted_out",
      source: "Replied STOP to KUMARS",
      channel: "sms_reply",
    });
    const owners = { last, quiet, usedPlatform, ownOnly, counter, stoppedOwn, elsewhere: quiet };
    const latest = async (name: keyof typeof contact) => (await historyOf(owners[name].id, contact[name]))[0];
    /** The three that send under the shared header: each contact in `state`, the reply its latest entry. */
    const expectSharers = async (state: "opted_out" | "opted_in", keyword: string) => {
      for (const name of ["last", "quiet", "usedPlatform"] as const) {
        expect(await optedOut(contact[name])).toBe(state === "opted_out");
        expect(await latest(name)).toEqual({ state, source: `Replied ${keyword} to ${platform}`, channel: "sms_reply" });
      }
    };
    return { platform, number, last, contact, latest, expectSharers };
  }

  it("a STOP to it opts the number out for every business that sends under it, each on its own history; a business's own header keeps its scope", async () => {
    const { platform, number, last, contact, latest, expectSharers } = await sharedNumber();
    const before = await eventCount(Object.values(contact));
    const outcome = await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: "STOP" });
    expect(outcome).toEqual({ action: "opted_out", userId: last.id, contactId: contact.last, repeated: false });
    await expectSharers("opted_out", "STOP");
    // Registered and never messaged under the platform's header: its consent is its own header's.
    expect(await optedOut(contact.ownOnly)).toBe(false);
    expect(await optedOut(contact.elsewhere)).toBe(false);
    // Already opted out: no second entry.
    expect(await latest("counter")).toMatchObject({ source: "Asked at the counter" });
    expect(await latest("stoppedOwn")).toMatchObject({ source: "Replied STOP to KUMARS" });
    expect(await eventCount(Object.values(contact))).toBe(before + 3);

    // The same STOP again, as a new message: nothing more.
    expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: `${platform} STOP` })).toMatchObject({
      action: "opted_out",
      repeated: false,
    });
    expect(await eventCount(Object.values(contact))).toBe(before + 3);
  });

  it("START to it opts back in the same businesses, undoing only what a STOP to it did", async () => {
    const { number, contact, expectSharers } = await sharedNumber();
    await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: "STOP" });
    const before = await eventCount(Object.values(contact));
    expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: "start" })).toMatchObject({
      action: "opted_in",
    });
    await expectSharers("opted_in", "START");
    // Opted out at the counter, or by a STOP to its own header: a START to the shared header leaves them out.
    expect(await optedOut(contact.counter)).toBe(true);
    expect(await optedOut(contact.stoppedOwn)).toBe(true);
    expect(await optedOut(contact.ownOnly)).toBe(false);
    expect(await eventCount(Object.values(contact))).toBe(before + 3);
  });

  it("a STOP naming it reaches the businesses that send under it, even when no message went to the number under it", async () => {
    const platform = (await getSmsSettings()).platformSenderHeader;
    const number = uniqueMobileNumber();
    const shop = await makeUser();
    const contact = await makeContact({ userId: shop.id, mobileNumber: number });
    const own = await registered("SHARMA");
    const ownMessage = await makeSentMessages({ userId: own.id, provider: "twilio", senderHeader: "SHARMA", mobileNumber: number });
    expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: `STOP ${platform}` })).toEqual({
      action: "opted_out",
      userId: null,
      contactId: null,
      repeated: false,
    });
    expect(await optedOut(contact.id)).toBe(true);
    expect((await historyOf(shop.id, contact.id))[0]).toEqual({
      state: "opted_out",
      source: `Replied STOP to ${platform}`,
      channel: "sms_reply",
    });
    expect(await optedOut(ownMessage.messages[0].contactId!)).toBe(false);
  });
});

describe("the inbound webhooks", () => {
  it("POST /api/sms/inbound/twilio: 401 unsigned; signed, a STOP opts out (for the neighbour sharing the header too) and the answer is empty TwiML; again, nothing more", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio" });
    const neighbour = await makeContact({ userId: (await makeUser()).id, mobileNumber: messages[0].toNumber });
    const path = "/api/sms/inbound/twilio";
    const params = { MessageSid: `SM${"3".repeat(32)}`, From: messages[0].toNumber, To: "+15005550006", Body: "STOP", NumMedia: "0" };
    expect((await call(twilioInbound, twilioPost(path, params, "wrong"))).status).toBe(401);
    expect(await optedOut(messages[0].contactId!)).toBe(false);
    expect(await optedOut(neighbour.id)).toBe(false);
    const reply = await call(twilioInbound, twilioPost(path, params));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toContain("text/xml");
    expect(reply.data).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(messages[0].contactId!)).toBe(true);
    expect(await optedOut(neighbour.id)).toBe(true);
    expect((await call(twilioInbound, twilioPost(path, params))).status).toBe(200);
    expect(
      await db()
        .select()
        .from(smsReplies)
        .where(and(eq(smsReplies.provider, "twilio"), eq(smsReplies.providerMessageId, params.MessageSid))),
    ).toHaveLength(1);
  });

  it("POST /api/sms/inbound/msg91?token=…: 401 without it; with it, a keyword reply opts out; a forward without sender is 400", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "msg91" });
    const fields = {
      number: messages[0].toNumber.replace("+", ""),
      message: "ISENTL STOP",
      keyword: "ISENTL",
      inboundNumber: "919220000000",
      date: "2026-11-26 10:00:00",
    };
    const body = new URLSearchParams(fields).toString();
    expect((await call(msg91Inbound, post("/api/sms/inbound/msg91", body, FORM))).status).toBe(401);
    const path = `/api/sms/inbound/msg91?token=${secrets.msg91Token}`;
    expect(await call(msg91Inbound, post(path, body, FORM))).toMatchObject({ status: 200, data: { message: "Received." } });
    expect(await optedOut(messages[0].contactId!)).toBe(true);
    // The same forward again (no id: named by sender, time and text) is kept once.
    expect(await call(msg91Inbound, post(path, body, FORM))).toMatchObject({ status: 200, data: { message: "Already received." } });
    expect((await call(msg91Inbound, post(path, JSON.stringify({ message: "STOP" }), "application/json"))).status).toBe(400);
  });
});
