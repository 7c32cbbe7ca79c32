import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, vi } from "vitest";

import { db } from "~/db/db.server";
import { jobQueue } from "~/db/queue.server";
import { creditLedger, pricing, settings, smsMessages, users } from "~/db/schema";
import { makeContact, makeTemplate, makeUser } from "~/db/seed/factories.server";
import { registerWorkers } from "~/jobs/queue.server";
import { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/workers.server";
import type { CampaignInput } from "~/lib/schemas/campaign";
import type { DailyWindow } from "~/lib/sending-window";
import { writeCampaignMessages } from "~/models/campaign-messages.server";
import { sendCampaign } from "~/models/campaigns.server";
import { SMS_SETTING_KEYS } from "~/models/settings.server";
import { useSmsProvider, type OutgoingSms, type SendOutcome, type SmsProvider } from "~/services/sms.server";

import { setupTestDatabase } from "./database";

/**
 * A campaign test file's database, with the SMS price, a window open all day, no free text, the
 * configured provider and real clocks again after each test, and no workers (the tests dispatch).
 */
export function setupCampaignTests() {
  const test = setupTestDatabase();
  useSmsPricing();
  withoutWorkers();
  afterEach(async () => {
    useSmsProvider(undefined);
    vi.useRealTimers();
    await setSendingWindow({ startHour: 0, endHour: 24 });
    await allowFreeText(false);
  });
  return test;
}

/** What an SMS part costs in these tests: 2 credits, so a cost shows parts × recipients × price. */
export const SMS_PRICE = 2;

/** The SMS price, and a sending window open all day unless a test sets another. */
export function useSmsPricing() {
  beforeAll(async () => {
    await db()
      .insert(pricing)
      .values({ key: "sms", label: "One SMS segment", credits: SMS_PRICE })
      .onConflictDoUpdate({ target: pricing.key, set: { credits: SMS_PRICE } });
    await setSendingWindow({ startHour: 0, endHour: 24 });
  });
}

export async function setSendingWindow(window: DailyWindow) {
  await db()
    .insert(settings)
    .values({ key: SMS_SETTING_KEYS.window, value: window })
    .onConflictDoUpdate({ target: settings.key, set: { value: window } });
}

export async function allowFreeText(allowed: boolean) {
  await db()
    .insert(settings)
    .values({ key: SMS_SETTING_KEYS.freeText, value: allowed })
    .onConflictDoUpdate({ target: settings.key, set: { value: allowed } });
}

/**
 * Queued jobs are not run in this file: the tests run the dispatch themselves, step by step (the
 * queue still takes jobs, so the tests can see them).
 */
export function withoutWorkers() {
  beforeAll(noWorkers);
}

/** From now on, queueing a job starts no workers (the queue itself still takes jobs). */
export function noWorkers() {
  registerWorkers({ start: async () => ({ queue: await jobQueue(), workerIds: new Map() }) });
}

/** The workers stop now (a test before may have started them), and queueing no longer starts them: the test runs the jobs itself. */
export async function stopWorkersNow() {
  await stopBackgroundJobs();
  noWorkers();
}

/** Puts the real workers back (for a test of the whole way through the queue). */
export function withWorkers() {
  registerWorkers({ start: startBackgroundJobs });
}

/** A promotional platform template, 'Hi {#var#}, {#var#} has {#var#} for you. Reply STOP to opt out.' unless told. */
export function makeSmsTemplate(overrides: Parameters<typeof makeTemplate>[0] = {}) {
  return makeTemplate({
    kind: "sms",
    title: "Offer for you",
    content: "Hi {#var#}, {#var#} has {#var#} for you. Reply STOP to opt out.",
    slotHints: ["Customer name", "Business name", "Offer"],
    smsCategory: "promotional",
    hashtags: [],
    ...overrides,
  });
}

/** The slots of makeSmsTemplate's text filled: the contact's name, the business's, and an offer. */
export const offerFills = (offer = "20% off"): CampaignInput["slotFills"] => [
  { source: "contact_name" },
  { source: "business_name" },
  { source: "fixed", value: offer },
];

/** A campaign of a template to every contact, now. */
export function campaignInput(templateId: string, overrides: Partial<CampaignInput> = {}): CampaignInput {
  return { name: "Diwali", templateId, message: null, slotFills: offerFills(), audience: { all: true }, sendAt: null, ...overrides };
}

/** A business (balance as told) with `count` contacts in the group 'Regulars'. */
export async function businessWithContacts(count: number, { balance = 1_000 }: { balance?: number } = {}) {
  const user = await makeUser({ balance, businessName: "Rao Sweets" });
  const contacts = [];
  for (let i = 0; i < count; i++) contacts.push(await makeContact({ userId: user.id, name: `Ravi ${i + 1}`, tags: ["Regulars"] }));
  return { user, contacts };
}

/** A provider that records what it was handed and answers as `decide` says (accepted by default). */
export function recordingProvider(decide: (message: OutgoingSms, call: number) => SendOutcome | "hang" = acceptAll) {
  const received: OutgoingSms[] = [];
  let calls = 0;
  const provider: SmsProvider & { received: OutgoingSms[] } = {
    name: "fake",
    received,
    async send(batch) {
      calls += 1;
      const call = calls;
      received.push(...batch);
      const outcomes = batch.map((message) => decide(message, call));
      // A worker killed while the provider had the batch: the answer never comes.
      if (outcomes.includes("hang")) return new Promise<SendOutcome[]>(() => {});
      return outcomes as SendOutcome[];
    },
  };
  return provider;
}

export function acceptAll(message: OutgoingSms): SendOutcome {
  return { messageId: message.messageId, outcome: "accepted", providerMessageId: `fake-${message.messageId}` };
}

/** The business's balance and what its ledger adds up to: always equal. */
export async function balanceAndLedger(userId: string) {
  const [{ balance }] = await db().select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  const [{ sum }] = await db()
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)`.mapWith(Number) })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return { balance, ledger: sum };
}

export async function ledgerRows(userId: string, reason: "campaign" | "refund") {
  return db()
    .select({ amount: creditLedger.amount, reference: creditLedger.reference })
    .from(creditLedger)
    .where(sql`${creditLedger.userId} = ${userId} and ${creditLedger.reason} = ${reason}`);
}

/** Writes a sent campaign's messages, all of them, as its dispatch job does first (the tests run the jobs' steps themselves). */
export async function writeAllMessages(campaignId: string) {
  const written = await writeCampaignMessages(campaignId, { budgetMs: 600_000 });
  if (written !== "written") throw new Error(`The campaign's messages were not written: ${written}`);
}

/** Sends a draft, then writes its messages as its dispatch job would. */
export async function sendAndWrite(...args: Parameters<typeof sendCampaign>) {
  const sent = await sendCampaign(...args);
  if (sent.ok) await writeAllMessages(args[1]);
  return sent;
}

export async function messagesOf(campaignId: string) {
  return db().select().from(smsMessages).where(eq(smsMessages.campaignId, campaignId)).orderBy(smsMessages.id);
}
