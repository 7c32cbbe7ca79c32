import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { smsMessages, smsSendWindows, smsSimulatorLog } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { deliverSimulatorReports } from "~/models/sms-simulator.server";
import { takeSendSlots } from "~/models/sms-send-windows.server";
import { NO_MSG91_TEMPLATE, msg91Provider } from "~/services/msg91.server";
import { rateLimited, SIMULATED_FAILURES, simulatorProvider } from "~/services/sms-providers.server";
import type { OutgoingSms, SendOutcome, SmsProvider } from "~/services/sms.server";
import { twilioProvider } from "~/services/twilio.server";

import { setupTestDatabase } from "../support/database";
import { startFakeMsg91, type FakeMsg91 } from "../support/fake-msg91";
import { startFakeTwilio, type FakeTwilio } from "../support/fake-twilio";
import { makeSentMessages, outgoing } from "../support/sms-messages";

const test = setupTestDatabase();

const byMessage = (outcomes: SendOutcome[]) => new Map(outcomes.map((outcome) => [outcome.messageId, outcome]));

describe("MSG91 (Flow API v5) against its fake", () => {
  let fake: FakeMsg91;
  beforeAll(async () => {
    fake = await startFakeMsg91();
  });
  afterAll(() => fake.close());
  const provider = (timeoutMs = 2_000) => msg91Provider({ authKey: fake.authKey, baseUrl: fake.url, timeoutMs });

  it("sends a batch as one request per template, with the DLT ids, header and variables; each message gets its request id and number", async () => {
    const first = outgoing({ to: "+919876500001" });
    const second = outgoing({ to: "+919876500002", variables: ["30%", "Sharma Stores"] });
    const hindi = outgoing({
      to: "+919876500003",
      encoding: "UCS-2",
      dltTemplateId: "1107169999999999999",
      providerTemplateId: "64f0c0ffee0000000000aa02",
      body: "दिवाली सेल",
    });
    const before = fake.requests.length;
    const outcomes = byMessage(await provider().send([first, second, hindi]));
    const made = fake.requests.slice(before);
    expect(made).toHaveLength(2);
    const gsm = made.find((request) => request.body?.unicode === 0)!;
    expect(gsm.authorized).toBe(true);
    expect(gsm.body).toMatchObject({
      template_id: first.providerTemplateId,
      DLT_TE_ID: first.dltTemplateId,
      sender: "ISENTL",
      recipients: [
        { mobiles: "919876500001", var1: "20%", var2: "Sharma Stores" },
        { mobiles: "919876500002", var1: "30%", var2: "Sharma Stores" },
      ],
    });
    expect(made.find((request) => request.body?.unicode === 1)?.body).toMatchObject({
      template_id: "64f0c0ffee0000000000aa02",
      DLT_TE_ID: "1107169999999999999",
    });
    expect(outcomes.get(first.messageId)).toEqual({
      messageId: first.messageId,
      outcome: "accepted",
      providerMessageId: `${gsm.requestId}:919876500001`,
    });
    expect(outcomes.get(second.messageId)).toMatchObject({ outcome: "accepted", providerMessageId: `${gsm.requestId}:919876500002` });
    expect(outcomes.get(hindi.messageId)).toMatchObject({ outcome: "accepted" });
  });

  it("a number twice in one batch goes in two requests, so each report names one message", async () => {
    const before = fake.requests.length;
    const twice = [outgoing({ to: "+919876500011" }), outgoing({ to: "+919876500011" })];
    const outcomes = await provider().send(twice);
    expect(fake.requests.length - before).toBe(2);
    expect(new Set(outcomes.map((outcome) => (outcome.outcome === "accepted" ? outcome.providerMessageId : "")))).toHaveProperty("size", 2);
  });

  it("5xx and 429 are tried again, with MSG91's words", async () => {
    fake.failNext(503, "Service Unavailable");
    const [unavailable] = await provider().send([outgoing()]);
    expect(unavailable).toMatchObject({ outcome: "retry", reason: "503: Service Unavailable" });
    fake.failNext(429, "Too many requests");
    const [limited] = await provider().send([outgoing()]);
    expect(limited).toMatchObject({ outcome: "retry", reason: "429: Too many requests" });
  });

  it("no answer within the timeout is tried again", async () => {
    // The fake never answers: only the provider's own 300 ms timeout ends the call (else the test times out).
    fake.hangNext();
    const [outcome] = await provider(300).send([outgoing()]);
    expect(outcome).toMatchObject({ outcome: "retry", reason: "The provider did not answer in time" });
  });

  it("a 4xx, or a 200 with type error, is refused for good with MSG91's reason", async () => {
    fake.failNext(400, "Invalid template variables");
    const [bad] = await provider().send([outgoing()]);
    expect(bad).toMatchObject({ outcome: "rejected", reason: "Invalid template variables" });
    const [wrongKey] = await msg91Provider({ authKey: "not-the-key", baseUrl: fake.url }).send([outgoing()]);
    expect(wrongKey).toMatchObject({ outcome: "rejected", reason: "Authentication failure" });
    const [badNumber] = await provider().send([outgoing({ to: "+911234567890" })]);
    expect(badNumber).toMatchObject({ outcome: "rejected", reason: "Invalid Mobile Number" });
  });

  it("a message without a DLT template is refused without asking MSG91", async () => {
    const before = fake.requests.length;
    const [outcome] = await provider().send([outgoing({ dltTemplateId: null })]);
    expect(outcome).toMatchObject({ outcome: "rejected", reason: "No DLT template id: MSG91 sends registered templates only" });
    expect(fake.requests.length).toBe(before);
  });

  it("a template without MSG91's own id is refused, saying so, without asking MSG91", async () => {
    const before = fake.requests.length;
    const [outcome] = await provider().send([outgoing({ providerTemplateId: null })]);
    expect(outcome).toMatchObject({ outcome: "rejected", reason: NO_MSG91_TEMPLATE });
    expect(fake.requests.length).toBe(before);
  });
});

describe("Twilio (Messages API) against its fake", () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake.close());
  const provider = (overrides: { authToken?: string; timeoutMs?: number; messagingServiceSid?: string } = {}) =>
    twilioProvider({
      accountSid: fake.accountSid,
      authToken: overrides.authToken ?? fake.authToken,
      from: overrides.messagingServiceSid ? undefined : "+15005550006",
      messagingServiceSid: overrides.messagingServiceSid,
      baseUrl: fake.url,
      statusCallbackUrl: "http://localhost/api/sms/delivery/twilio",
      timeoutMs: overrides.timeoutMs ?? 2_000,
    });

  it("posts each message form-encoded with basic auth and the status callback; accepted with Twilio's sid", async () => {
    const batch = [outgoing(), outgoing(), outgoing()];
    const before = fake.requests.length;
    const outcomes = byMessage(await provider().send(batch));
    const made = fake.requests.slice(before);
    expect(made).toHaveLength(3);
    for (const sms of batch) {
      const request = made.find((candidate) => candidate.form.get("To") === sms.to)!;
      expect(request.authorized).toBe(true);
      expect(Object.fromEntries(request.form)).toEqual({
        To: sms.to,
        From: "+15005550006",
        Body: sms.body,
        StatusCallback: "http://localhost/api/sms/delivery/twilio",
      });
      expect(outcomes.get(sms.messageId)).toEqual({ messageId: sms.messageId, outcome: "accepted", providerMessageId: request.sid });
    }
  });

  it("sends through a messaging service when one is configured", async () => {
    const before = fake.requests.length;
    const [outcome] = await provider({ messagingServiceSid: `MG${"a".repeat(32)}` }).send([outgoing()]);
    expect(outcome.outcome).toBe("accepted");
    expect(fake.requests[before].form.get("MessagingServiceSid")).toBe(`MG${"a".repeat(32)}`);
    expect(fake.requests[before].form.has("From")).toBe(false);
  });

  it("429 and 5xx are tried again; so is no answer in time", async () => {
    fake.failNext(429, 20429, "Too Many Requests");
    const [limited] = await provider().send([outgoing()]);
    expect(limited).toMatchObject({ outcome: "retry", reason: "429: Too Many Requests (Twilio error 20429)" });
    fake.failNext(500, 20500, "Internal Server Error");
    const [broken] = await provider().send([outgoing()]);
    expect(broken).toMatchObject({ outcome: "retry", reason: "500: Internal Server Error (Twilio error 20500)" });
    fake.hangNext();
    const [silent] = await provider({ timeoutMs: 300 }).send([outgoing()]);
    expect(silent).toMatchObject({ outcome: "retry", reason: "The provider did not answer in time" });
  });

  it("other 4xx are refused for good with Twilio's message", async () => {
    const [badNumber] = await provider().send([outgoing({ to: "9876" })]);
    expect(badNumber).toMatchObject({
      outcome: "rejected",
      reason: "The 'To' number 9876 is not a valid phone number. (Twilio error 21211)",
    });
    const [wrongToken] = await provider({ authToken: "wrong" }).send([outgoing()]);
    expect(wrongToken).toMatchObject({ outcome: "rejected", reason: "Authenticate (Twilio error 20003)" });
  });

  it("a network failure (nothing listening) is tried again", async () => {
    const closed = await startFakeTwilio();
    await closed.close();
    const [outcome] = await twilioProvider({
      accountSid: closed.accountSid,
      authToken: closed.authToken,
      from: "+15005550006",
      baseUrl: closed.url,
      statusCallbackUrl: "http://localhost/api/sms/delivery/twilio",
    }).send([outgoing()]);
    expect(outcome).toMatchObject({ outcome: "retry" });
    expect(outcome.outcome === "retry" && outcome.reason).toMatch(/^The provider could not be reached/);
  });
});

describe("the embedded simulator", () => {
  it("takes every message, logs each receipt (twice for a message sent twice) and queues its reports", async () => {
    const provider = simulatorProvider({ failureShare: 0, reportDelaySeconds: 60 });
    const sms = outgoing();
    const [first] = await provider.send([sms]);
    const [again] = await provider.send([sms]);
    expect(first).toMatchObject({ outcome: "accepted", providerMessageId: expect.stringMatching(/^sim-/) });
    expect(again.outcome === "accepted" && first.outcome === "accepted" && again.providerMessageId !== first.providerMessageId).toBe(true);
    const log = await test.db.select().from(smsSimulatorLog).where(eq(smsSimulatorLog.messageId, sms.messageId));
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ toNumber: sms.to, body: sms.body });
    const { rows } = await test.handle.executeSql(
      "select data from pgboss.job where name = 'sms-simulator-reports' and data->'reports'->0->>'providerMessageId' = $1",
      [first.outcome === "accepted" ? first.providerMessageId : ""],
    );
    expect(rows).toHaveLength(1);
    expect((rows[0] as { data: { reports: unknown[] } }).data.reports).toEqual([
      { providerMessageId: first.outcome === "accepted" ? first.providerMessageId : "", status: "delivered" },
    ]);
  });

  it("its reports reach the delivery-report model: delivered, or failed with an operator's reason at the configured share", async () => {
    const user = await makeUser();
    let n = 0;
    // Every other message fails.
    const provider = simulatorProvider({ failureShare: 0.5, reportDelaySeconds: 60, random: () => (n++ % 2 === 0 ? 0.1 : 0.9) });
    const { messages } = await makeSentMessages({ userId: user.id, provider: "simulator", count: 4, status: "queued" });
    const batch = messages.map((message) => outgoing({ messageId: message.id, to: message.toNumber, body: message.body }));
    const outcomes = await provider.send(batch);
    // What the dispatch worker records for accepted messages.
    for (const outcome of outcomes) {
      if (outcome.outcome !== "accepted") throw new Error("the simulator accepts everything");
      await db()
        .update(smsMessages)
        .set({ status: "submitted", provider: "simulator", providerMessageId: outcome.providerMessageId, submittedAt: new Date() })
        .where(eq(smsMessages.id, outcome.messageId));
    }
    const [job] = (
      await test.handle.executeSql(
        "select data from pgboss.job where name = 'sms-simulator-reports' and data->'reports'->0->>'providerMessageId' = $1",
        [outcomes[0].outcome === "accepted" ? outcomes[0].providerMessageId : ""],
      )
    ).rows as { data: { reports: { providerMessageId: string; status: "delivered" | "failed" | "undelivered"; reason?: string }[] } }[];
    await deliverSimulatorReports({ reports: job.data.reports, attempt: 0 });
    const rows = await db()
      .select()
      .from(smsMessages)
      .where(
        inArray(
          smsMessages.id,
          messages.map((message) => message.id),
        ),
      );
    const finals = batch.map((sms) => rows.find((row) => row.id === sms.messageId)!);
    expect(finals.map((row) => row.status === "delivered")).toEqual([false, true, false, true]);
    for (const failed of [finals[0], finals[2]]) {
      expect(SIMULATED_FAILURES).toContainEqual({ status: failed.status, reason: failed.failureReason });
      expect(failed.finishedAt).toBeInstanceOf(Date);
    }
    expect(finals[1].failureReason).toBeNull();
  });

  it("reports for messages not yet recorded as handed over are tried again later, a few times", async () => {
    const unknownId = "sim-not-recorded-yet";
    await deliverSimulatorReports({ reports: [{ providerMessageId: unknownId, status: "delivered" }], attempt: 0 });
    const { rows } = await test.handle.executeSql(
      "select data from pgboss.job where name = 'sms-simulator-reports' and data->'reports'->0->>'providerMessageId' = $1",
      [unknownId],
    );
    expect(rows).toEqual([{ data: { reports: [{ providerMessageId: unknownId, status: "delivered" }], attempt: 1 } }]);
    await deliverSimulatorReports({ reports: [{ providerMessageId: unknownId, status: "delivered" }], attempt: 4 });
    const after = await test.handle.executeSql(
      "select count(*)::int as n from pgboss.job where data->'reports'->0->>'providerMessageId' = $1",
      [unknownId],
    );
    expect((after.rows[0] as { n: number }).n).toBe(1);
  });
});

describe("the shared rate limit", () => {
  /** A provider that accepts everything and notes nothing: the limit is read from the slots taken. */
  const accepting: SmsProvider = {
    name: "counting",
    send: async (batch: OutgoingSms[]) =>
      batch.map((sms) => ({ messageId: sms.messageId, outcome: "accepted", providerMessageId: sms.messageId })),
  };

  it("a second's slots are taken atomically up to the limit; past it, the wait until the next second", async () => {
    await db().delete(smsSendWindows);
    // Far from a second's end, so all four takes fall in the same second.
    const [{ ms }] = await queryRows<{ ms: number }>(
      db(),
      sql`select (extract(milliseconds from clock_timestamp())::numeric % 1000)::int as ms`,
    );
    if (ms > 700) await new Promise((resolve) => setTimeout(resolve, 1_000 - ms + 10));
    expect(await takeSendSlots(6, 10)).toEqual({ granted: true });
    expect(await takeSendSlots(4, 10)).toEqual({ granted: true });
    const refused = await takeSendSlots(1, 10);
    expect(refused.granted).toBe(false);
    expect(!refused.granted && refused.waitMs > 0 && refused.waitMs <= 1_000).toBe(true);
    await expect(takeSendSlots(11, 10)).rejects.toThrow(RangeError);
  });

  it("two senders at once never hand over more than the limit in any second, and every message goes", async () => {
    await db().delete(smsSendWindows);
    const limit = 25;
    const sender = () => rateLimited(accepting, limit);
    const batches = [Array.from({ length: 60 }, () => outgoing()), Array.from({ length: 60 }, () => outgoing())];
    const results = await Promise.all(batches.map((batch) => sender().send(batch)));
    expect(results.flat().filter((outcome) => outcome.outcome === "accepted")).toHaveLength(120);
    const seconds = await db().select().from(smsSendWindows);
    expect(seconds.reduce((sum, row) => sum + row.sent, 0)).toBe(120);
    expect(Math.max(...seconds.map((row) => row.sent))).toBeLessThanOrEqual(limit);
    // 120 messages at 25 a second need at least 5 seconds.
    expect(seconds.length).toBeGreaterThanOrEqual(5);
  });
});
