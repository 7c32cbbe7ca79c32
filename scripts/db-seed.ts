/** Seeds essentials and the demo data on any database; safe to run again (adds nothing twice). */
import { config } from "~/config.server";
import { useDatabase } from "~/db/db.server";
import { migrateDatabase } from "~/db/migrate.server";
import { seedDemoData, seedEssentials } from "~/db/seed/seed.server";
import { fileStorage } from "~/services/storage.server";

import { runWithDatabase } from "./run-with-database";

await runWithDatabase("Seeding", async (handle) => {
  // The seed calls the models, which use the process-wide database.
  useDatabase(handle);
  await migrateDatabase(handle);
  const storage = fileStorage();
  await seedEssentials({ adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD, storage, log: console.log });
  await seedDemoData(storage, { log: console.log });
  console.log(`Seeded ${handle.description}.`);
});
