import { migrateDatabase } from "~/db/migrate.server";

import { runWithDatabase } from "./run-with-database";

await runWithDatabase("Migration", async (handle) => {
  await migrateDatabase(handle);
  console.log(`Migrations applied to ${handle.description}.`);
});
