import { z } from "zod";

import { jobQueue, stopJobQueue, type JobQueue } from "~/db/queue.server";
import { runContactImport } from "~/models/contact-import.server";
import { mailEmailVerification } from "~/models/email-verification.server";
import { forgetExpiredKeys } from "~/models/idempotency.server";
import { forgetExpiredDrafts } from "~/models/kept-drafts.server";
import { mailOwnerNotice } from "~/models/owner-notices.server";
import { mailPasswordReset } from "~/models/password-reset.server";
import { receivePaymentWebhook, reconcileExpiredOrders } from "~/models/payments.server";
import { publishDueScheduledPosts } from "~/models/posts.server";
import { deleteStoredFiles } from "~/models/uploads.server";
import { deliverSimulatorReports } from "~/models/sms-simulator.server";
import { dispatchCampaign, sweepCampaigns } from "~/models/sms-dispatch.server";
import { testWebhookFor } from "~/models/test-gateway.server";
import { registerConfiguredSmsProvider } from "~/services/sms-providers.server";

import { jobCatalogue, jobOptions, type JobData, type JobName } from "./catalogue.server";
import { registerWorkers } from "./queue.server";

/**
 * The workers: one per job in every server process (pg-boss, in the product's database), each
 * doing its job with the model function below. A failed job is retried with a growing pause.
 */
const handlers: { [Name in JobName]: (data: JobData<Name>) => Promise<unknown> } = {
  "password-reset-mail": ({ email }) => mailPasswordReset(email),
  "email-verification-mail": ({ userId }) => mailEmailVerification(userId),
  "owner-notice-mail": (notice) => mailOwnerNotice(notice),
  "contact-import": ({ importId }) => runContactImport(importId),
  "delete-stored-files": (data) => deleteStoredFiles(data),
  "publish-scheduled-posts": () => publishDueScheduledPosts(),
  "forget-expired-idempotency-keys": () => forgetExpiredKeys(),
  "forget-expired-drafts": () => forgetExpiredDrafts(),
  "reconcile-credit-orders": () => reconcileExpiredOrders(),
  "campaign-dispatch": ({ campaignId }) => dispatchCampaign(campaignId),
  "campaign-sweep": () => sweepCampaigns(),
  "test-gateway-webhook": async ({ linkId }) => {
    const webhook = await testWebhookFor(linkId);
    if (webhook) await receivePaymentWebhook(webhook.rawBody, webhook.signature);
  },
  "sms-simulator-reports": (data) => deliverSimulatorReports(data),
};

function perform(name: JobName, raw: unknown) {
  const schema: z.ZodTypeAny = jobCatalogue[name];
  return (handlers[name] as (data: unknown) => Promise<unknown>)(schema.parse(raw));
}

/** How often an idle worker asks for new jobs. */
const POLLING_SECONDS = 2;

/**
 * Jobs a worker takes at once (one unless told): a worker waits for its next poll after each take,
 * so a job that comes by the hundred takes many. The simulator's reports come one job per batch
 * sent, up to thousands a minute; each is idempotent, so a batch retried whole is harmless.
 */
const JOBS_PER_TAKE: Partial<Record<JobName, number>> = { "sms-simulator-reports": 50 };

type Workers = { queue: JobQueue; workerIds: Map<string, string> };

const globalForJobs = globalThis as unknown as { __backgroundJobs?: Promise<Workers> };

/** Starts the queue and a worker per job, once per process (the server calls it at start; queueing a job does too). */
export function startBackgroundJobs(): Promise<Workers> {
  globalForJobs.__backgroundJobs ??= startWorkers();
  return globalForJobs.__backgroundJobs;
}

registerWorkers({ start: startBackgroundJobs });
// The campaign workers send through the provider the environment configures.
registerConfiguredSmsProvider();

async function startWorkers(): Promise<Workers> {
  const queue = await jobQueue();
  const workerIds = new Map<string, string>();
  for (const name of Object.keys(handlers) as JobName[]) {
    await queue.createQueue(name, { name, ...jobOptions(name) });
    const workerId = await queue.work(
      name,
      { pollingIntervalSeconds: POLLING_SECONDS, batchSize: JOBS_PER_TAKE[name] ?? 1 },
      async (batch) => {
        for (const { data } of batch) await perform(name, data);
      },
    );
    workerIds.set(name, workerId);
  }
  // Scheduled posts whose time came while no server ran go live now; and every minute, whatever
  // happened to a post's own job (each is queued for its exact time).
  await publishDueScheduledPosts();
  await queue.schedule("publish-scheduled-posts", "* * * * *", {});
  await queue.schedule("forget-expired-idempotency-keys", "17 * * * *", {});
  await queue.schedule("forget-expired-drafts", "47 * * * *", {});
  await queue.schedule("reconcile-credit-orders", "* * * * *", {});
  // Campaigns a killed server left mid-way resume now (a sweep job, which the worker just started
  // takes on its first poll), and every minute whatever happened to their jobs. Not swept inline:
  // the sweep queues dispatch jobs, whose wake-up awaits these very workers, still starting.
  await queue.send("campaign-sweep", {}, jobOptions("campaign-sweep"));
  await queue.schedule("campaign-sweep", "* * * * *", {});
  return { queue, workerIds };
}

/**
 * Lets jobs under way finish, then stops (before the database closes). A start under way (a job queued
 * just before, whose wake-up is not awaited) finishes first: it would otherwise go on creating queues
 * and workers on a stopped queue, whose queries fail once the database has closed.
 */
export async function stopBackgroundJobs() {
  const starting = globalForJobs.__backgroundJobs;
  globalForJobs.__backgroundJobs = undefined;
  await starting?.catch(() => null);
  await stopJobQueue();
}
