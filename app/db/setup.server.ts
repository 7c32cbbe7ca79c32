import { config } from "~/config.server";
import { prepareJobQueues } from "~/jobs/queue.server";
import { fileStorage, type FileStorage } from "~/services/storage.server";

import { LockTimeoutError, type DatabaseHandle } from "./client.server";
import { useDatabase } from "./db.server";
import { migrateDatabase } from "./migrate.server";
import { isDatabaseEmpty, seedDemoData, seedEssentials } from "./seed/seed.server";

export type SetupOptions = {
  adminEmail: string;
  adminPassword?: string;
  /** Seed the demo neighbourhood on a new database (SEED_DEMO_DATA). */
  demoData: boolean;
  storage: FileStorage;
  log?: (message: string) => void;
};

/** The advisory lock every instance's setup takes: any fixed number, the same in every version. */
export const SETUP_LOCK_KEY = 7_303_911;
/** Long enough for another instance to migrate and seed the demo data (about a minute here) on a slow machine. */
export const SETUP_LOCK_TIMEOUT_MS = 5 * 60_000;

/**
 * Migrates (the job queue too), and on a new database seeds it: what every start does before
 * serving. The seed calls the models, so this database becomes the process-wide one they use.
 * On PostgreSQL it runs under an advisory lock: instances starting together take turns, the first
 * migrates and seeds, the others find it done. One that waits longer than `lockTimeoutMs` fails.
 */
export async function setupDatabase(handle: DatabaseHandle, options: SetupOptions & { lockTimeoutMs?: number }) {
  const lockTimeoutMs = options.lockTimeoutMs ?? SETUP_LOCK_TIMEOUT_MS;
  try {
    return await handle.whileLocked(SETUP_LOCK_KEY, lockTimeoutMs, () => setupUnlocked(handle, options));
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    throw new Error(
      `another instance has been setting up this database for over ${Math.round(lockTimeoutMs / 1000)} s ` +
        `(it holds advisory lock ${SETUP_LOCK_KEY}; pg_locks shows which connection): start again when it has finished or stopped`,
    );
  }
}

async function setupUnlocked(handle: DatabaseHandle, options: SetupOptions) {
  const log = options.log ?? (() => {});
  useDatabase(handle);
  await migrateDatabase(handle);
  await prepareJobQueues(handle);
  const firstStart = await isDatabaseEmpty();
  await seedEssentials(options);
  if (firstStart && options.demoData) {
    log("New database: seeding demo data…");
    await seedDemoData(options.storage, { log });
  }
  return { firstStart };
}

/** The setup `npm start` and `npm run db:setup` do, with the configured admin, demo data and storage. */
export async function setupConfiguredDatabase(handle: DatabaseHandle, log: (message: string) => void = console.log) {
  log(`Database: ${handle.description}`);
  const { firstStart } = await setupDatabase(handle, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
    demoData: config.SEED_DEMO_DATA,
    storage: fileStorage(),
    log,
  });
  log(firstStart ? "Database ready (new, seeded)." : "Database ready (migrations applied).");
}
