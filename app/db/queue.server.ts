import PgBoss from "pg-boss";

import { databaseHandle } from "./db.server";

/**
 * The background-job queue: pg-boss, in the product's own database (schema
 * `pgboss`), on the same connection(s) as the models, so the embedded PGlite
 * works as PostgreSQL does and several instances share one queue.
 */
export type JobQueue = PgBoss;

const globalForQueue = globalThis as unknown as { __jobQueue?: Promise<PgBoss> };

/** The started queue (pg-boss creates or upgrades its schema on the first start). */
export function jobQueue(): Promise<PgBoss> {
  globalForQueue.__jobQueue ??= startQueue();
  return globalForQueue.__jobQueue;
}

async function startQueue(): Promise<PgBoss> {
  const handle = databaseHandle();
  const boss = new PgBoss({ db: { executeSql: handle.executeSql }, schema: "pgboss" });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();
  return boss;
}

/** Stops taking jobs and waits for those under way, before the database closes. */
export async function stopJobQueue() {
  const starting = globalForQueue.__jobQueue;
  globalForQueue.__jobQueue = undefined;
  const boss = await starting?.catch(() => null);
  await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
}
