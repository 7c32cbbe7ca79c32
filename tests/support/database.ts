import { readFileSync } from "node:fs";

import { sql } from "drizzle-orm";

import { afterAll, beforeAll, inject, vi } from "vitest";

import { openPglite, openPostgres, type DatabaseHandle } from "~/db/client.server";
import { listenForChanges } from "~/db/change-feed.server";
import { useDatabase } from "~/db/db.server";
import { stopBackgroundJobs } from "~/jobs/workers.server";

import { adminUrl, databaseUrlFor, uniqueDatabaseName } from "./postgres-admin";

/** A fresh, migrated database of this test file's own, used by the models while it runs. */
export async function createTestDatabase(): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  const postgresTemplate = inject("postgresTemplate");
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (postgresTemplate && testDatabaseUrl) {
    const name = uniqueDatabaseName("file");
    const admin = openPostgres(adminUrl(testDatabaseUrl), { max: 1 });
    await admin.db.execute(sql.raw(`create database "${name}" template "${postgresTemplate}"`));
    const handle = openPostgres(databaseUrlFor(testDatabaseUrl, name), { max: 4 });
    return {
      ...handle,
      drop: async () => {
        await handle.close();
        await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        await admin.close();
      },
    };
  }
  const snapshot = readFileSync(inject("pgliteTemplate"));
  const handle = openPglite({ loadDataDir: new Blob([snapshot]) });
  return { ...handle, drop: handle.close };
}

/** Gives the test file its own database for all its tests and points the models at it. */
export function setupTestDatabase() {
  const state = {} as { handle: DatabaseHandle & { drop: () => Promise<void> } };
  beforeAll(async () => {
    state.handle = await createTestDatabase();
    useDatabase(state.handle);
    // As the server does from its start: memories keep what depends on data only while they hear of its changes.
    await listenForChanges();
  });
  afterAll(async () => {
    // A test that queued a job started the workers on this database: they stop first.
    await stopBackgroundJobs();
    await state.handle?.drop();
  });
  return {
    get db() {
      return state.handle.db;
    },
    get handle() {
      return state.handle;
    },
  };
}

/** Waits until the queue has run (or given up on) every job of this name: whatever it would do is done. */
export async function jobsSettled(handle: DatabaseHandle, name: string) {
  await vi.waitFor(
    async () => {
      const { rows } = await handle.executeSql(
        "select count(*)::int as pending from pgboss.job where name = $1 and state in ('created', 'active')",
        [name],
      );
      if ((rows[0] as { pending: number }).pending > 0) throw new Error(`${name} jobs still pending`);
    },
    { timeout: 15_000, interval: 100 },
  );
}
