/** `npm start` runs this before serving: migrate, and seed a new database. */
import { config } from "~/config.server";
import { setupDatabase } from "~/db/setup.server";
import { fileStorage } from "~/services/storage.server";

import { runWithDatabase } from "./run-with-database";

await runWithDatabase("Database setup", async (handle) => {
  console.log(`Database: ${handle.description}`);
  const { firstStart } = await setupDatabase(handle, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
    demoData: config.SEED_DEMO_DATA,
    storage: fileStorage(),
    log: console.log,
  });
  console.log(firstStart ? "Database ready (new, seeded)." : "Database ready (migrations applied).");
});
