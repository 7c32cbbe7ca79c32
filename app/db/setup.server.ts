import { prepareJobQueues } from "~/jobs/queue.server";
import type { FileStorage } from "~/services/storage.server";

import type { DatabaseHandle } from "./client.server";
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

/**
 * Migrates (the job queue too), and on a new database seeds it: what every start does before
 * serving. The seed calls the models, so this database becomes the
 * process-wide one they use.
 */
export async function setupDatabase(handle: DatabaseHandle, options: SetupOptions) {
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
