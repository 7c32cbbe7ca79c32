import type { DatabaseHandle, Transaction } from "~/db/client.server";
import { afterCommit, jobQueue, jobSender, prepareJobQueue, transactionExecutor, type JobQueue } from "~/db/queue.server";

import { JOB_NAMES, jobCatalogue, jobOptions, type JobData, type JobName } from "./catalogue.server";

/**
 * Queueing jobs. A model queues the job for a change inside the change's own transaction
 * (`{ tx }`): the job commits or rolls back with the rows it is about. The workers
 * (jobs/workers.server.ts) run them.
 */

/** This process's workers, as they tell the queue: how to start them and which worker runs each job. */
type Workers = { start: () => Promise<{ queue: JobQueue; workerIds: Map<string, string> }> };

const globalForQueueing = globalThis as unknown as { __jobWorkers?: Workers };

/** The workers module registers itself when loaded, so queueing a job starts them (for `npm run dev` and tests). */
export function registerWorkers(workers: Workers) {
  globalForQueueing.__jobWorkers = workers;
}

/** The queue's schema and every job's queue, created by database setup (scripts, test templates). */
export function prepareJobQueues(handle: DatabaseHandle) {
  return prepareJobQueue(
    handle,
    JOB_NAMES.map((name) => ({ name, options: { name, ...jobOptions(name) } })),
  );
}

/**
 * Puts a job on the queue: it runs right after the current request has been answered (this
 * process's worker is woken), or, with `startAfter`, from that time on (kept in the database, so a
 * restart does not lose it). With `tx`, the job is written in that transaction and the worker is
 * woken once it commits; a rollback leaves no job.
 */
export async function queueJob<Name extends JobName>(
  name: Name,
  data: JobData<Name>,
  options: { tx?: Transaction; startAfter?: Date } = {},
): Promise<void> {
  const checked = jobCatalogue[name].parse(data) as object;
  const sendOptions = { ...jobOptions(name), ...(options.startAfter ? { startAfter: options.startAfter } : {}) };
  const wake = () => wakeWorker(name, { now: !options.startAfter });
  if (options.tx) {
    const id = await jobSender().send(name, checked, { ...sendOptions, db: transactionExecutor(options.tx) });
    // pg-boss joins the job to its queue's row: none when database setup has not created the queue.
    if (!id) throw new Error(`No job queue "${name}" in this database: database setup creates it`);
    afterCommit(options.tx, wake);
    return;
  }
  const queue = await jobQueue();
  await queue.send(name, checked, sendOptions);
  await wake();
}

/** Starts this process's workers if they are not yet, and (`now`) has the job's worker look at once. */
async function wakeWorker(name: JobName, { now }: { now: boolean }) {
  try {
    const started = await globalForQueueing.__jobWorkers?.start();
    const workerId = started?.workerIds.get(name);
    if (started && workerId && now) started.queue.notifyWorker(workerId);
  } catch (error) {
    // The job is queued; a worker that is slow to start still finds it on its next poll.
    console.error("[jobs]", error);
  }
}
