import { sql } from "drizzle-orm";

import type { Database, DatabaseHandle } from "~/db/client.server";
import { databaseHandle } from "~/db/db.server";
import { describeDatabaseError } from "~/db/errors.server";
import { defineMemory } from "~/memory/memory.server";

const HEALTH_TIMEOUT_MS = 3_000;
/** How long an ok answer stands: probes (or a flood of /api/health) cost the database at most a query a second. */
const HEALTHY_FOR_MS = 1_000;

export type DatabaseStatus = { ok: true } | { ok: false; message: string };

type Check = { handle: DatabaseHandle; startedAt: number; status: Promise<DatabaseStatus> };
const checks = defineMemory<Check>({ name: "database-health", purpose: "the latest check that the database answers", max: 1 });

/**
 * Whether the database answers a trivial query within a few seconds. Checks asked for while one is
 * under way share it, and an ok answer stands for a second; after a failure the next check asks again.
 */
export function checkDatabase(): Promise<DatabaseStatus> {
  const handle = databaseHandle();
  const latest = checks.recall("latest");
  if (latest?.handle === handle) return latest.status;
  const check: Check = { handle, startedAt: Date.now(), status: askDatabase(handle.db) };
  // Shared while under way (the query gives up after HEALTH_TIMEOUT_MS), then as its answer says.
  checks.keep("latest", check, { ttlMs: HEALTH_TIMEOUT_MS + HEALTHY_FOR_MS });
  void check.status.then((status) => {
    if (checks.peek("latest") !== check) return;
    const standsMs = check.startedAt + HEALTHY_FOR_MS - Date.now();
    if (status.ok && standsMs > 0) checks.keep("latest", check, { ttlMs: standsMs });
    else checks.forget("latest");
  });
  return check.status;
}

async function askDatabase(database: Database): Promise<DatabaseStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer in time")), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([database.execute(sql`select 1`), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: `Database unavailable: ${describeDatabaseError(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
