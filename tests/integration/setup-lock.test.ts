import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openPostgres, type DatabaseHandle } from "~/db/client.server";
import { migrationsFolder } from "~/db/migrate.server";
import { SETUP_LOCK_KEY, setupDatabase } from "~/db/setup.server";
import { createLocalDiskStorage } from "~/services/storage.server";

import { adminUrl, databaseUrlFor, uniqueDatabaseName } from "../support/postgres-admin";

// Several instances share one PostgreSQL database; PGlite is one process by construction.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const options = {
  adminEmail: "owner@isent.example.in",
  adminPassword: "owner-password-1",
  demoData: false,
  storage: createLocalDiskStorage(mkdtempSync(path.join(tmpdir(), "isent-setup-lock-"))),
};

function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

describe.runIf(onPostgres)("instances starting together on one empty PostgreSQL database", () => {
  let admin: DatabaseHandle;
  const names: string[] = [];
  const instances: DatabaseHandle[] = [];

  /** A new, empty database (not the migrated template: this is a first start), and a way to open instances on it. */
  async function emptyDatabase() {
    const name = uniqueDatabaseName("setup_lock");
    names.push(name);
    await admin.db.execute(sql.raw(`create database "${name}"`));
    // A server process of its own (here a pool of its own) on the shared database.
    return () => {
      const handle = openPostgres(databaseUrlFor(process.env.TEST_DATABASE_URL!, name), { max: 3 });
      instances.push(handle);
      return handle;
    };
  }

  beforeAll(() => {
    admin = openPostgres(adminUrl(process.env.TEST_DATABASE_URL!), { max: 1 });
  });
  afterAll(async () => {
    await Promise.all(instances.map((handle) => handle.close()));
    for (const name of names) await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
    await admin.close();
  });

  it("migrate and seed once: both start, one finds the other's work done", async () => {
    const instance = await emptyDatabase();
    const [first, second] = [instance(), instance()];
    const results = await Promise.all([setupDatabase(first, options), setupDatabase(second, options)]);
    expect(results.map((result) => result.firstStart).sort()).toEqual([false, true]);

    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const [applied] = rowsOf<{ total: number }>(
      await first.db.execute(sql`select count(*)::int as total from drizzle.__drizzle_migrations`),
    );
    expect(applied.total).toBe(journal.entries.length);
    const [accounts] = rowsOf<{ total: number }>(
      await first.db.execute(sql`select count(*)::int as total from users where email = ${options.adminEmail}`),
    );
    expect(accounts.total).toBe(1);
    // One set of tables: none was made twice under another schema or name.
    const [users] = rowsOf<{ total: number }>(
      await first.db.execute(sql`select count(*)::int as total from information_schema.tables where table_name = 'users'`),
    );
    expect(users.total).toBe(1);
  });

  it("gives up with a clear message when another instance holds the setup lock past the timeout", async () => {
    const instance = await emptyDatabase();
    const [holder, waiter] = [instance(), instance()];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holderDone = holder.whileLocked(SETUP_LOCK_KEY, 1_000, async () => {
      locked();
      await held;
    });
    await holding;
    try {
      await expect(setupDatabase(waiter, { ...options, lockTimeoutMs: 1_000 })).rejects.toThrow(
        `another instance has been setting up this database for over 1 s (it holds advisory lock ${SETUP_LOCK_KEY}`,
      );
    } finally {
      release();
      await holderDone;
    }
    // Nothing was done while it waited; once the lock is free, the same instance sets the database up.
    const [tables] = rowsOf<{ total: number }>(
      await waiter.db.execute(sql`select count(*)::int as total from information_schema.tables where table_name = 'users'`),
    );
    expect(tables.total).toBe(0);
    expect((await setupDatabase(waiter, { ...options, lockTimeoutMs: 1_000 })).firstStart).toBe(true);
  });
});
