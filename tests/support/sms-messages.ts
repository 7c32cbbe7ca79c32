import { randomUUID } from "node:crypto";

import { eq, inArray } from "drizzle-orm";

import { db } from "~/db/db.server";
import { smsMessages } from "~/db/schema";
import { makeCampaign, makeContact } from "~/db/seed/factories.server";
import type { OutgoingSms } from "~/services/sms.server";

type MessageStatus = (typeof smsMessages.$inferInsert)["status"];

/**
 * Messages of a campaign as the dispatch worker leaves them: each to a contact of the business,
 * handed to `provider` with its id (status 'submitted') unless told otherwise.
 */
export async function makeSentMessages(options: {
  userId: string;
  provider: string;
  count?: number;
  senderHeader?: string;
  status?: MessageStatus;
  /** The provider id of the n-th message; a fresh one unless given. */
  providerMessageId?: (n: number) => string;
  submittedAt?: Date;
  /** The number the (one) message goes to: the business's contact is made with it. */
  mobileNumber?: string;
}) {
  const campaign = await makeCampaign({ userId: options.userId, status: "sending", senderHeader: options.senderHeader ?? "ISENTL" });
  const rows = [];
  for (let n = 0; n < (options.count ?? 1); n += 1) {
    const contact = await makeContact({ userId: options.userId, ...(options.mobileNumber ? { mobileNumber: options.mobileNumber } : {}) });
    const status = options.status ?? "submitted";
    rows.push({
      userId: options.userId,
      campaignId: campaign.id,
      contactId: contact.id,
      toNumber: contact.mobileNumber,
      body: `Diwali sale at our shop ${n}`,
      parts: 1,
      encoding: "GSM-7" as const,
      cost: 1,
      status,
      provider: status === "queued" ? null : options.provider,
      providerMessageId: status === "queued" ? null : (options.providerMessageId?.(n) ?? `${options.provider}-${randomUUID()}`),
      submittedAt: status === "queued" ? null : (options.submittedAt ?? new Date()),
    });
  }
  const messages = await db().insert(smsMessages).values(rows).returning();
  return { campaign, messages };
}

export const messagesById = async (ids: string[]) =>
  new Map((await db().select().from(smsMessages).where(inArray(smsMessages.id, ids))).map((row) => [row.id, row]));

export const messageRow = async (id: string) => (await db().select().from(smsMessages).where(eq(smsMessages.id, id)))[0];

/** An outgoing message as the dispatch worker hands it over. */
export function outgoing(overrides: Partial<OutgoingSms> = {}): OutgoingSms {
  return {
    messageId: randomUUID(),
    to: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    body: "Diwali sale: 20% off at Sharma Stores this week. Reply STOP ISENTL to opt out",
    senderHeader: "ISENTL",
    dltEntityId: "1101234567890123456",
    dltTemplateId: "1107161234567890123",
    providerTemplateId: "64f0c0ffee0000000000aa01",
    encoding: "GSM-7",
    variables: ["20%", "Sharma Stores"],
    ...overrides,
  };
}
