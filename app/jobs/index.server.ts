import { z } from "zod";

import { jobQueue, stopJobQueue, type JobQueue } from "~/db/queue.server";
import { runContactImport } from "~/models/contact-import.server";
import { mailEmailVerification } from "~/models/email-verification.server";
import { forgetExpiredKeys } from "~/models/idempotency.server";
import { mailPasswordReset } from "~/models/password-reset.server";
import { receivePaymentWebhook, reconcileExpiredOrders } from "~/models/payments.server";
import { publishDueScheduledPosts } from "~/models/posts.server";
import { testWebhookFor } from "~/models/test-gateway.server";

/**
 * Background work, run by the PostgreSQL job queue (pg-boss) in every server
 * process: each job is a queue name, what its data must look like, and the
 * model function that does it. A failed job is retried with a growing pause.
 */
function defineJob<Schema extends z.ZodTypeAny>(data: Schema, run: (data: z.infer<Schema>) => Promise<unknown>) {
  return { data, perform: (raw: unknown) => run(data.parse(raw)) };
}

const jobs = {
  "password-reset-mail": defineJob(z.object({ email: z.string().email() }), ({ email }) => mailPasswordReset(email)),
  "email-verification-mail": defineJob(z.object({ userId: z.string().uuid() }), ({ userId }) => mailEmailVerification(userId)),
  "contact-import": defineJob(z.object({ importId: z.string().uuid() }), ({ importId }) => runContactImport(importId)),
  // Queued for each scheduled post's time; it publishes every post that is due, so a late run catches up.
  "publish-scheduled-posts": defineJob(z.object({}), () => publishDueScheduledPosts()),
  // Idempotency keys are kept 24 hours; hourly, older ones go.
  "forget-expired-idempotency-keys": defineJob(z.object({}), () => forgetExpiredKeys()),
  // Every minute: orders still open after their expiry are settled by asking the gateway (a lost webhook still credits).
  "reconcile-credit-orders": defineJob(z.object({}), () => reconcileExpiredOrders()),
  // The built-in test gateway delivers its signed payment_link.paid webhook, as Razorpay would, after the buyer pays.
  "test-gateway-webhook": defineJob(z.object({ linkId: z.string().min(1) }), async ({ linkId }) => {
    const webhook = await testWebhookFor(linkId);
    if (webhook) await receivePaymentWebhook(webhook.rawBody, webhook.signature);
  }),
} as const;

type JobName = keyof typeof jobs;
type JobData<Name extends JobName> = z.infer<(typeof jobs)[Name]["data"]>;

const RETRIES = { retryLimit: 3, retryDelay: 30, retryBackoff: true };
/** How often an idle worker asks for new jobs. */
const POLLING_SECONDS = 2;

type Workers = { queue: JobQueue; workerIds: Map<string, string> };

const globalForJobs = globalThis as unknown as { __backgroundJobs?: Promise<Workers> };

/** Starts the queue and a worker per job, once per process (the server calls it at start; queueing a job does too). */
export function startBackgroundJobs(): Promise<Workers> {
  globalForJobs.__backgroundJobs ??= startWorkers();
  return globalForJobs.__backgroundJobs;
}

async function startWorkers(): Promise<Workers> {
  const queue = await jobQueue();
  const workerIds = new Map<string, string>();
  for (const [name, job] of Object.entries(jobs)) {
    await queue.createQueue(name, { name, ...RETRIES });
    const workerId = await queue.work(name, { pollingIntervalSeconds: POLLING_SECONDS }, async (batch) => {
      for (const { data } of batch) await job.perform(data);
    });
    workerIds.set(name, workerId);
  }
  // Scheduled posts whose time came while no server ran go live now; and every minute, whatever
  // happened to a post's own job (each is queued for its exact time).
  await publishDueScheduledPosts();
  await queue.schedule("publish-scheduled-posts", "* * * * *", {});
  await queue.schedule("forget-expired-idempotency-keys", "17 * * * *", {});
  await queue.schedule("reconcile-credit-orders", "* * * * *", {});
  return { queue, workerIds };
}

/**
 * Puts a job on the queue: it runs right after the current request has been answered (this
 * process's worker is woken), or, with `startAfter`, from that time on (kept in the database, so a
 * restart does not lose it).
 */
export async function queueJob<Name extends JobName>(name: Name, data: JobData<Name>, options: { startAfter?: Date } = {}) {
  const { queue, workerIds } = await startBackgroundJobs();
  await queue.send(name, data, { ...RETRIES, ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
  const workerId = workerIds.get(name);
  if (workerId && !options.startAfter) queue.notifyWorker(workerId);
}

/** Lets jobs under way finish, then stops (before the database closes). */
export async function stopBackgroundJobs() {
  globalForJobs.__backgroundJobs = undefined;
  await stopJobQueue();
}
