/** Migrates, and seeds a new database: what the server does at start (server/web-server.ts), on its own. */
import { setupConfiguredDatabase } from "~/db/setup.server";

import { runWithDatabase } from "./run-with-database";

await runWithDatabase("Database setup", (handle) => setupConfiguredDatabase(handle));
