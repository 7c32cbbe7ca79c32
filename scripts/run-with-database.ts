import { config } from "~/config.server";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { describeDatabaseError } from "~/db/errors.server";

/**
 * Opens the configured database, runs a task, and always closes it (an open
 * PGlite would keep the process alive). Failures end the process with a message.
 */
export async function runWithDatabase(name: string, task: (handle: DatabaseHandle) => Promise<void>) {
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await task(handle);
  } catch (error) {
    console.error(`${name} failed on ${handle.description}: ${describeDatabaseError(error)}`);
    if (config.LOG_LEVEL === "debug") console.error(error);
    process.exitCode = 1;
  } finally {
    await handle.close().catch(() => {});
  }
}
