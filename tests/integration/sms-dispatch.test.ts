import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { campaigns, contacts, smsMessages } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { changeCampaign, createCampaign, getCampaign, sendCampaign, smsSentCount } from "~/models/campaigns.server";
import { DISPATCH, DISPATCH_MESSAGES, dispatchCampaign, sweepCampaigns } from "~/models/sms-dispatch.server";
import { useSmsProvider, type OutgoingSms } from "~/services/sms.server";

import {
  acceptAll,
  balanceAndLedger,
  businessWithContacts,
  campaignInput,
  ledgerRows,
  makeSmsTemplate,
  messagesOf,
  recordingProvider,
  sendAndWrite,
  setSendingWindow,
  stopWorkersNow,
  SMS_PRICE,
  withWorkers,
  setupCampaignTests,
} from "../support/campaigns";

const test = setupCampaignTests();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A business with `count` contacts and a started campaign to all of them (service SMS unless told). */
async function startedCampaign(count: number, { balance = 10_000, category = "service" as "service" | "promotional" } = {}) {
  const template = await makeSmsTemplate({ smsCategory: category });
  const { user, contacts: people } = await businessWithContacts(count, { balance });
  const created = await createCampaign(user.id, campaignInput(template.id));
  if (!created.ok) throw new Error(created.message);
  const sent = await sendAndWrite(user.id, created.campaign.id);
  if (!sent.ok) throw new Error(sent.message);
  return { user, people, campaignId: created.campaign.id, cost: sent.campaign.cost };
}

async function statusOf(campaignId: string) {
  const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
  return row;
}

/** How many times the provider was handed each message. */
function handedOver(received: OutgoingSms[]) {
  const times = new Map<string, number>();
  for (const message of received) times.set(message.messageId, (times.get(message.messageId) ?? 0) + 1);
  return times;
}

describe("dispatching a campaign", () => {
  it("hands every message over in batches with the DLT details, records the provider's ids, finishes and settles", async () => {
    const provider = recordingProvider();
    useSmsProvider(provider);
    const { user, campaignId } = await startedCampaign(5);
    expect(await dispatchCampaign(campaignId, { batchSize: 2 })).toBe("finished");
    expect(provider.received).toHaveLength(5);
    expect(provider.received[0]).toMatchObject({
      senderHeader: "ISENTL",
      dltEntityId: "1101726000000000001",
      encoding: "GSM-7",
      body: expect.stringMatching(/^Hi Ravi \d, Rao Sweets has 20% off for you\. Reply STOP to opt out\.$/),
      to: expect.stringMatching(/^\+91\d{10}$/),
    });
    // The values in the template's slots, in order, for providers that take them (MSG91).
    expect(provider.received[0].variables).toEqual([expect.stringMatching(/^Ravi \d$/), "Rao Sweets", "20% off"]);
    const messages = await messagesOf(campaignId);
    for (const message of messages) {
      expect(message).toMatchObject({
        status: "submitted",
        provider: "fake",
        providerMessageId: `fake-${message.id}`,
        claimedUntil: null,
        attempts: 1,
      });
      expect(message.submittedAt).not.toBeNull();
    }
    const detail = await getCampaign(user.id, campaignId);
    expect(detail).toMatchObject({ status: "sent", refunded: 0, counts: { total: 5, sent: 5, queued: 0 } });
    expect(detail?.settledAt).not.toBeNull();
    expect(detail?.events.map((event) => event.toStatus)).toEqual(["draft", "sending", "sent"]);
    expect(await smsSentCount(user.id)).toBe(5);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 10_000 - 5 * SMS_PRICE, ledger: 10_000 - 5 * SMS_PRICE });
  });

  it("fails a message the provider rejects (with its reason) and one it keeps turning away after 5 tries; both are refunded once", async () => {
    let rejected = "";
    let turnedAway = "";
    const provider = recordingProvider((message) => {
      if (!rejected) rejected = message.messageId;
      else if (!turnedAway && message.messageId !== rejected) turnedAway = message.messageId;
      if (message.messageId === rejected) return { messageId: message.messageId, outcome: "rejected", reason: "Invalid number (DLT)" };
      if (message.messageId === turnedAway) return { messageId: message.messageId, outcome: "retry", reason: "503 from provider" };
      return acceptAll(message);
    });
    useSmsProvider(provider);
    const { user, campaignId } = await startedCampaign(3, { balance: 100 });
    expect(await dispatchCampaign(campaignId)).toBe("waiting");
    const [waiting] = await db().select().from(smsMessages).where(eq(smsMessages.id, turnedAway));
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    // It waits about 30 s before its second try.
    expect(waiting.claimedUntil!.getTime() - Date.now()).toBeGreaterThan(20_000);
    for (let attempt = 2; attempt <= DISPATCH.maxAttempts; attempt++) {
      await db()
        .update(smsMessages)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(smsMessages.id, turnedAway));
      await dispatchCampaign(campaignId);
    }
    const messages = await messagesOf(campaignId);
    expect(messages.find((message) => message.id === rejected)).toMatchObject({
      status: "failed",
      failureReason: "Invalid number (DLT)",
      submittedAt: null,
    });
    expect(messages.find((message) => message.id === turnedAway)).toMatchObject({
      status: "failed",
      failureReason: DISPATCH_MESSAGES.notAccepted,
      attempts: DISPATCH.maxAttempts,
    });
    expect(await statusOf(campaignId)).toMatchObject({ status: "sent", refunded: 2 * SMS_PRICE });
    expect(await ledgerRows(user.id, "refund")).toEqual([{ amount: 2 * SMS_PRICE, reference: `campaign:${campaignId}` }]);
    await sweepCampaigns();
    expect(await ledgerRows(user.id, "refund")).toHaveLength(1);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - SMS_PRICE, ledger: 100 - SMS_PRICE });
  });

  it("skips a contact who opted out after the campaign started, and refunds it", async () => {
    const provider = recordingProvider();
    useSmsProvider(provider);
    const { user, people, campaignId } = await startedCampaign(2, { balance: 100 });
    await db().update(contacts).set({ optedOut: true }).where(eq(contacts.id, people[0].id));
    await dispatchCampaign(campaignId);
    expect(provider.received).toHaveLength(1);
    const messages = await messagesOf(campaignId);
    expect(messages.find((message) => message.contactId === people[0].id)).toMatchObject({ status: "skipped", failureReason: "Opted out" });
    expect(await statusOf(campaignId)).toMatchObject({ status: "sent", refunded: SMS_PRICE });
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - SMS_PRICE, ledger: 100 - SMS_PRICE });
  });

  it("fails a campaign none of whose messages the provider took, refunding it all", async () => {
    useSmsProvider(recordingProvider((message) => ({ messageId: message.messageId, outcome: "rejected", reason: "Blocked by operator" })));
    const { user, campaignId } = await startedCampaign(2, { balance: 100 });
    expect(await dispatchCampaign(campaignId)).toBe("finished");
    expect(await statusOf(campaignId)).toMatchObject({ status: "failed", statusReason: DISPATCH_MESSAGES.nothingSent, refunded: 4 });
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100, ledger: 100 });
  });

  it("stops at the next batch once paused, and carries on when resumed", async () => {
    const provider = recordingProvider();
    useSmsProvider(provider);
    const { user, campaignId } = await startedCampaign(4);
    await changeCampaign(user.id, campaignId, "pause");
    expect(await dispatchCampaign(campaignId)).toBe("stopped");
    expect(provider.received).toEqual([]);
    await changeCampaign(user.id, campaignId, "resume");
    expect(await dispatchCampaign(campaignId)).toBe("finished");
    expect(provider.received).toHaveLength(4);
  });

  it("queues itself again when its time is up, for fairness", async () => {
    useSmsProvider(recordingProvider());
    const { campaignId } = await startedCampaign(3);
    expect(await dispatchCampaign(campaignId, { budgetMs: 0 })).toBe("more");
    const { rows } = await test.handle.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'campaign-dispatch' and state = 'created' and data ->> 'campaignId' = $1",
      [campaignId],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
  });

  it("holds a sending promotional campaign outside the window until it opens, and a scheduled one until its time", async () => {
    useSmsProvider(recordingProvider());
    const { campaignId } = await startedCampaign(1, { category: "promotional" });
    await setSendingWindow({ startHour: 10, endHour: 21 });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T16:30:00Z")); // 22:00 in India
    expect(await dispatchCampaign(campaignId)).toBe("waiting");
    expect(await statusOf(campaignId)).toMatchObject({ status: "scheduled", startsAt: new Date("2026-12-02T04:30:00Z") });
    vi.setSystemTime(new Date("2026-12-02T04:31:00Z")); // 10:01 in India
    expect(await dispatchCampaign(campaignId)).toBe("finished");
    expect((await statusOf(campaignId)).status).toBe("sent");
  });

  it("resumes after a crash: the dead worker's claims run out, another finishes, every message ends once", async () => {
    // The first worker dies while the provider has its first batch (the answer never comes).
    const dying = recordingProvider((message, call) => (call === 1 ? "hang" : acceptAll(message)));
    useSmsProvider(dying);
    const { user, campaignId, cost } = await startedCampaign(7, { balance: 100 });
    void dispatchCampaign(campaignId, { batchSize: 3 });
    await vi.waitFor(() => expect(dying.received).toHaveLength(3));
    // Its claims run out (the lease), as they would after the kill.
    await db()
      .update(smsMessages)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(smsMessages.campaignId, campaignId));
    const second = recordingProvider();
    useSmsProvider(second);
    expect(await dispatchCampaign(campaignId, { batchSize: 3 })).toBe("finished");
    const messages = await messagesOf(campaignId);
    expect(messages.every((message) => message.status === "submitted")).toBe(true);
    expect(second.received).toHaveLength(7);
    // The one batch in flight at the crash was handed over twice; nothing else.
    const twice = [...handedOver([...dying.received, ...second.received]).values()].filter((times) => times > 1);
    expect(twice).toHaveLength(3);
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - cost, ledger: 100 - cost });
  });

  it("the sweep queues dispatch for a sending campaign whose job was lost and a scheduled one whose time came, once", async () => {
    useSmsProvider(recordingProvider());
    const sending = await startedCampaign(1);
    const scheduled = await startedCampaign(1);
    await db()
      .update(campaigns)
      .set({ status: "scheduled", startsAt: sql`now() - interval '1 minute'` })
      .where(eq(campaigns.id, scheduled.campaignId));
    // Their jobs are lost (a server killed before it ran them).
    await test.handle.executeSql("delete from pgboss.job where name = 'campaign-dispatch'");
    const waitingJobs = async (campaignId: string) => {
      const { rows } = await test.handle.executeSql(
        "select count(*)::int as n from pgboss.job where name = 'campaign-dispatch' and state = 'created' and data ->> 'campaignId' = $1",
        [campaignId],
      );
      return (rows[0] as { n: number }).n;
    };
    await sweepCampaigns();
    await sweepCampaigns();
    expect(await waitingJobs(sending.campaignId)).toBe(1);
    expect(await waitingJobs(scheduled.campaignId)).toBe(1);
    expect(await dispatchCampaign(scheduled.campaignId)).toBe("finished");
    expect(await statusOf(scheduled.campaignId)).toMatchObject({ status: "sent" });
  });

  it("is run by the queue: sending starts the worker, which finishes the campaign", async () => {
    // The earlier tests' jobs (they ran their dispatch themselves) are not this one's business.
    await test.handle.executeSql("delete from pgboss.job where name = 'campaign-dispatch'");
    withWorkers();
    const provider = recordingProvider();
    useSmsProvider(provider);
    try {
      const { user, campaignId } = await startedCampaign(3);
      await vi.waitFor(async () => expect((await statusOf(campaignId)).status).toBe("sent"), { timeout: 10_000 });
      expect(await smsSentCount(user.id)).toBe(3);
    } finally {
      await stopWorkersNow();
    }
  });
});

describe.skipIf(!onPostgres)("two dispatch loops on PostgreSQL", () => {
  it("never hand a message to the provider twice", async () => {
    const provider = recordingProvider();
    // A provider that takes a moment, so the loops overlap.
    const slow = {
      name: provider.name,
      async send(batch: OutgoingSms[]) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return provider.send(batch);
      },
    };
    useSmsProvider(slow);
    const template = await makeSmsTemplate({ smsCategory: "service" });
    const { user } = await businessWithContacts(0, { balance: 100_000 });
    // 1,500 contacts in one statement.
    await db()
      .insert(contacts)
      .values(
        Array.from({ length: 1_500 }, (_, i) => ({
          userId: user.id,
          name: `Bulk ${i}`,
          mobileNumber: `+9198${String(i).padStart(8, "0")}`,
          canGetSms: true,
        })),
      );
    await makeContact({ userId: user.id });
    const created = await createCampaign(user.id, campaignInput(template.id));
    if (!created.ok) throw new Error(created.message);
    await sendCampaign(user.id, created.campaign.id);
    const results = await Promise.all([
      dispatchCampaign(created.campaign.id, { batchSize: 50 }),
      dispatchCampaign(created.campaign.id, { batchSize: 50 }),
      dispatchCampaign(created.campaign.id, { batchSize: 50 }),
    ]);
    expect(results).toContain("finished");
    const times = handedOver(provider.received);
    expect(times.size).toBe(1_501);
    expect([...times.values()].every((n) => n === 1)).toBe(true);
    const [{ submitted }] = await db()
      .select({ submitted: sql<number>`count(*)::int` })
      .from(smsMessages)
      .where(sql`${smsMessages.campaignId} = ${created.campaign.id} and ${smsMessages.status} = 'submitted'`);
    expect(submitted).toBe(1_501);
  });
});
