import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";

import type { DatabaseHandle, Transaction } from "./client.server";

export { afterCommit } from "./after-commit.server";
import { databaseHandle } from "./db.server";

/**
 * The background-job queue: pg-boss, in the product's own database (schema
 * `pgboss`), on the same connection(s) as the models, so the embedded PGlite
 * works as PostgreSQL does and several instances share one queue.
 */
export type JobQueue = PgBoss;

const SCHEMA = "pgboss";

const globalForQueue = globalThis as unknown as { __jobQueue?: Promise<PgBoss>; __jobSender?: PgBoss };

/** The started queue (pg-boss creates or upgrades its schema on the first start). */
export function jobQueue(): Promise<PgBoss> {
  globalForQueue.__jobQueue ??= startQueue(databaseHandle());
  return globalForQueue.__jobQueue;
}

async function startQueue(handle: DatabaseHandle): Promise<PgBoss> {
  const boss = new PgBoss({ db: { executeSql: handle.executeSql }, schema: SCHEMA });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();
  return boss;
}

/**
 * pg-boss for sending on a caller's transaction only (`send(name, data, { db: transactionExecutor(tx) })`):
 * never started, so it touches no other connection (on PGlite, one would wait for the transaction).
 */
export function jobSender(): PgBoss {
  globalForQueue.__jobSender ??= new PgBoss({
    db: { executeSql: () => Promise.reject(new Error("jobSender sends only on the caller's transaction")) },
    schema: SCHEMA,
    supervise: false,
    schedule: false,
  });
  return globalForQueue.__jobSender;
}

/**
 * Creates (or upgrades) the queue's schema and the named queues in `handle`'s database, then stops:
 * database setup does this, so a job can be queued inside a model's transaction from the first request.
 */
export async function prepareJobQueue(handle: DatabaseHandle, queues: ReadonlyArray<{ name: string; options: PgBoss.Queue }>) {
  const boss = new PgBoss({ db: { executeSql: handle.executeSql }, schema: SCHEMA, supervise: false, schedule: false });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();
  try {
    for (const { name, options } of queues) await boss.createQueue(name, options);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/**
 * pg-boss's executor on a model's transaction: its statement ($1, $2, … placeholders) runs inside
 * `tx`, so the job commits or rolls back with the rows it is about. Works on both drivers: the
 * placeholders become drizzle parameters; objects go as JSON text, undefined as null (as pg does).
 */
export function transactionExecutor(tx: Transaction): { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const statement: SQL = sql.empty();
      parts.forEach((part, index) => {
        if (index % 2 === 0) statement.append(sql.raw(part));
        else statement.append(sql`${parameter(values[Number(part) - 1])}`);
      });
      const result: unknown = await tx.execute(statement);
      // postgres.js answers with the rows themselves, PGlite with { rows }.
      return { rows: Array.isArray(result) ? [...result] : (result as { rows: unknown[] }).rows };
    },
  };
}

function parameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) return JSON.stringify(value);
  return value;
}

/** Stops taking jobs and waits for those under way, before the database closes. */
export async function stopJobQueue() {
  const starting = globalForQueue.__jobQueue;
  globalForQueue.__jobQueue = undefined;
  const boss = await starting?.catch(() => null);
  await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
}
