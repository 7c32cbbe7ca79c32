import path from "node:path";

import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";

import type { DatabaseHandle } from "./client.server";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Applies every migration in drizzle/ that this database has not seen yet. */
export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as unknown as PostgresJsDatabase, { migrationsFolder });
  }
}
