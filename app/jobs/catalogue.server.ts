import { z } from "zod";

import { OWNER_NOTICE_KINDS } from "~/lib/mail/templates";

/**
 * Every background job: its queue name and what its data must look like. No models here: a
 * model imports this (through jobs/queue.server.ts) to queue a job inside its own transaction,
 * and jobs/workers.server.ts pairs each name with the model function that does it.
 */
export const jobCatalogue = {
  "password-reset-mail": z.object({ email: z.string().email() }),
  "email-verification-mail": z.object({ userId: z.string().uuid() }),
  // A mail telling a business about its money or its posts (models/owner-notices.server.ts): the event's kind and its row's id.
  "owner-notice-mail": z.object({ kind: z.enum(OWNER_NOTICE_KINDS), id: z.string().uuid() }),
  "contact-import": z.object({ importId: z.string().uuid() }),
  // Stored files (and their resized copies) no longer shown: deleted after the answer, tried again within 10 minutes from `since`.
  "delete-stored-files": z.object({ keys: z.array(z.string().min(1)).min(1).max(1000), since: z.string().datetime() }),
  // Queued for each scheduled post's time; it publishes every post that is due, so a late run catches up.
  "publish-scheduled-posts": z.object({}),
  // Idempotency keys are kept 24 hours; hourly, older ones go.
  "forget-expired-idempotency-keys": z.object({}),
  // Forms kept when their session ended are kept an hour; hourly, older ones go.
  "forget-expired-drafts": z.object({}),
  // Every minute: orders still open after their expiry are settled by asking the gateway (a lost webhook still credits).
  "reconcile-credit-orders": z.object({}),
  // The built-in test gateway delivers its signed payment_link.paid webhook, as Razorpay would, after the buyer pays.
  "test-gateway-webhook": z.object({ linkId: z.string().min(1) }),
  // The embedded SMS simulator's delivery reports, sent a few seconds after it took the messages, as a provider's webhook would.
  "sms-simulator-reports": z.object({
    reports: z
      .array(
        z.object({
          providerMessageId: z.string().min(1),
          status: z.enum(["delivered", "failed", "undelivered"]),
          reason: z.string().optional(),
        }),
      )
      .min(1),
    /** How many times these reports have found a message not yet marked as handed over (its worker had not recorded it). */
    attempt: z.number().int().min(0).default(0),
  }),
  // Hands a campaign's queued messages to the SMS provider in batches; requeues itself while there are more.
  "campaign-dispatch": z.object({ campaignId: z.string().uuid() }),
  // Every minute: starts scheduled campaigns whose time came, restarts dispatch a lost job or a killed server left, settles finished ones.
  "campaign-sweep": z.object({}),
} as const;

export type JobName = keyof typeof jobCatalogue;
export type JobData<Name extends JobName> = z.infer<(typeof jobCatalogue)[Name]>;

export const JOB_NAMES = Object.keys(jobCatalogue) as JobName[];

/** A failed job is retried 3 times with a growing pause (30 s, then longer). */
export const JOB_RETRIES = { retryLimit: 3, retryDelay: 30, retryBackoff: true };

/**
 * How long a started job may run before the queue takes it for lost and retries it: pg-boss's
 * 15 minutes unless told. The simulator's reports take milliseconds; a server killed while
 * applying them should not hold its messages in 'submitted' for a quarter of an hour.
 */
const JOB_EXPIRY_SECONDS: Partial<Record<JobName, number>> = { "sms-simulator-reports": 60 };

/** A job's queue options: the retries, and its expiry when it has its own. */
export function jobOptions(name: JobName) {
  const expireInSeconds = JOB_EXPIRY_SECONDS[name];
  return { ...JOB_RETRIES, ...(expireInSeconds ? { expireInSeconds } : {}) };
}
