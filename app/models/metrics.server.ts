import { sql } from "drizzle-orm";

import { databaseHandle } from "~/db/db.server";
import { queryRows } from "~/db/query.server";

/**
 * What the metrics scrape reads from the database (app/utils/metrics.server.ts): totals that
 * outlive a restart and are the same whichever process is asked. Only read at a scrape, never per
 * request, and kept a few seconds by the caller.
 */

export type QueueStats = { queue: string; waiting: number; active: number; failed: number; oldestWaitingSeconds: number };

/**
 * Each pg-boss queue's jobs by state: waiting (created or retrying), active, failed (kept until
 * pg-boss's retention deletes them), and how long the oldest job that is due has waited since it was due
 * (a job for a later time, such as a scheduled post, is not late).
 */
export async function queueStats(): Promise<QueueStats[]> {
  const rows = await queryRows<{ queue: string; waiting: number; active: number; failed: number; oldest: number | null }>(
    databaseHandle().db,
    sql`select name as queue,
               count(*) filter (where state in ('created', 'retry'))::int as waiting,
               count(*) filter (where state = 'active')::int as active,
               count(*) filter (where state = 'failed')::int as failed,
               extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
          from pgboss.job
         group by name`,
  );
  return rows.map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    active: Number(row.active),
    failed: Number(row.failed),
    oldestWaitingSeconds: Math.max(0, Number(row.oldest ?? 0)),
  }));
}

/** Every SMS ever written, by status and by the provider that took it ("none" before one did). */
export async function smsTotals(): Promise<Array<{ status: string; provider: string; count: number }>> {
  const rows = await queryRows<{ status: string; provider: string; count: number }>(
    databaseHandle().db,
    sql`select status, coalesce(provider, 'none') as provider, count(*)::int as count from sms_messages group by 1, 2`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Every credit purchase, by its status and the gateway it went through. */
export async function paymentTotals(): Promise<Array<{ status: string; gateway: string; count: number }>> {
  const rows = await queryRows<{ status: string; gateway: string; count: number }>(
    databaseHandle().db,
    sql`select status, gateway, count(*)::int as count from credit_orders group by 1, 2`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The database's connections by state (every process and instance on it), and this process's pool. */
export async function databaseConnections(): Promise<{
  byState: Array<{ state: string; count: number }>;
  poolSize: number;
  poolWaitSeconds: number;
}> {
  const handle = databaseHandle();
  const poolWaitSeconds = await handle.measurePoolWait();
  const rows = await queryRows<{ state: string; count: number }>(
    handle.db,
    sql`select coalesce(state, 'unknown') as state, count(*)::int as count
          from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend'
         group by 1`,
  );
  return { byState: rows.map((row) => ({ state: row.state, count: Number(row.count) })), poolSize: handle.poolSize, poolWaitSeconds };
}
