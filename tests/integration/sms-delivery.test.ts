import { createHmac } from "node:crypto";

import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { contactConsentEvents, contacts, smsMessages, smsReplies } from "~/db/schema";
import { makeContact, makeUser } from "~/db/seed/factories.server";
import { getConsentHistory, recordConsentChange } from "~/models/contact-consent.server";
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
      expect((await historyOf(user.id, messages[0].contactId!))[0]).toEqual({
        state: "opted_out",
        source: `Replied ${keyword}`,
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
      ["opted_in", "Replied START", "sms_reply"],
      ["opted_out", "Replied STOP", "sms_reply"],
      ["opted_in", null, "form"],
    ]);
    expect(await db().select().from(smsReplies).where(eq(smsReplies.providerMessageId, start.providerMessageId))).toHaveLength(1);
  });

  it("only the business that last messaged the number: another business's contact with the same number is untouched", async () => {
    const earlier = await makeUser();
    const later = await makeUser();
    const { messages } = await makeSentMessages({ userId: later.id, provider: "twilio", submittedAt: new Date() });
    const number = messages[0].toNumber;
    const otherContact = await makeContact({ userId: earlier.id, mobileNumber: number });
    await makeSentMessages({ userId: earlier.id, provider: "twilio", submittedAt: new Date(Date.now() - 86_400_000) });
    const outcome = await receiveReply("twilio", { providerMessageId: nextReplyId(), from: number, body: "STOP" });
    expect(outcome).toMatchObject({ action: "opted_out", userId: later.id });
    expect(await optedOut(messages[0].contactId!)).toBe(true);
    expect(await optedOut(otherContact.id)).toBe(false);
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
    expect(await receiveReply("twilio", { providerMessageId: nextReplyId(), from: "+919000000001", body: "STOP" })).toEqual({
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
    expect((await historyOf(user.id, contactId))[0]).toEqual({ state: "opted_in", source: "Replied START", channel: "sms_reply" });
  });
});

describe("the inbound webhooks", () => {
  it("POST /api/sms/inbound/twilio: 401 unsigned; signed, a STOP opts out and the answer is empty TwiML; again, nothing more", async () => {
    const user = await makeUser();
    const { messages } = await makeSentMessages({ userId: user.id, provider: "twilio" });
    const path = "/api/sms/inbound/twilio";
    const params = { MessageSid: `SM${"3".repeat(32)}`, From: messages[0].toNumber, To: "+15005550006", Body: "STOP", NumMedia: "0" };
    expect((await call(twilioInbound, twilioPost(path, params, "wrong"))).status).toBe(401);
    expect(await optedOut(messages[0].contactId!)).toBe(false);
    const reply = await call(twilioInbound, twilioPost(path, params));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toContain("text/xml");
    expect(reply.data).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOut(messages[0].contactId!)).toBe(true);
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
