import { sql } from "drizzle-orm";

import type { Database, DatabaseHandle } from "~/db/client.server";
import { databaseHandle } from "~/db/db.server";
import { describeDatabaseError } from "~/db/errors.server";

const HEALTH_TIMEOUT_MS = 3_000;
/** How long an ok answer stands: probes (or a flood of /api/health) cost the database at most a query a second. */
const HEALTHY_FOR_MS = 1_000;

export type DatabaseStatus = { ok: true } | { ok: false; message: string };

let latest: { handle: DatabaseHandle; startedAt: number; status: Promise<DatabaseStatus>; settled: boolean } | undefined;

/**
 * Whether the database answers a trivial query within a few seconds. Checks asked for while one is
 * under way share it, and an ok answer stands for a second; after a failure the next check asks again.
 */
export function checkDatabase(): Promise<DatabaseStatus> {
  const handle = databaseHandle();
  const reusable = latest?.handle === handle && (!latest.settled || Date.now() - latest.startedAt < HEALTHY_FOR_MS);
  if (reusable) return latest!.status;
  const check = { handle, startedAt: Date.now(), status: askDatabase(handle.db), settled: false };
  latest = check;
  check.status.then((status) => {
    check.settled = true;
    if (!status.ok && latest === check) latest = undefined;
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
