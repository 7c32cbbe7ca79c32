import { sql } from "drizzle-orm";

import { databaseHandle, db } from "~/db/db.server";
import { describeDatabaseError } from "~/db/errors.server";

const HEALTH_TIMEOUT_MS = 3_000;

export type DatabaseStatus = { ok: true } | { ok: false; message: string };

/** Whether the database answers a trivial query within a few seconds. */
export async function checkDatabase(): Promise<DatabaseStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer in time")), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([db().execute(sql`select 1`), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: `Database unavailable: ${describeDatabaseError(error)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Called once when the server starts: a server without its database stops with a clear message. */
export function verifyDatabaseAtStart() {
  checkDatabase().then((status) => {
    if (status.ok) return;
    console.error(`Cannot start: ${status.message} (${databaseHandle().description}).`);
    process.exit(1);
  });
}
