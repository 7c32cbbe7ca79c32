import { config } from "~/config.server";

import { openDatabase, type Database, type DatabaseHandle } from "./client.server";

/**
 * The process-wide database. Opened on first use; kept on globalThis so the dev
 * server's module reloads don't open a second PGlite on the same directory.
 */
const globalForDb = globalThis as unknown as { __databaseHandle?: DatabaseHandle };

export function databaseHandle(): DatabaseHandle {
  globalForDb.__databaseHandle ??= openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  return globalForDb.__databaseHandle;
}

export function db(): Database {
  return databaseHandle().db;
}

/** Closes the process-wide database, for a clean shutdown (PGlite writes everything out). */
export async function closeDatabase() {
  const handle = globalForDb.__databaseHandle;
  globalForDb.__databaseHandle = undefined;
  await handle?.close();
}

/** Tests point the models at their own database with this. */
export function useDatabase(handle: DatabaseHandle) {
  globalForDb.__databaseHandle = handle;
}
