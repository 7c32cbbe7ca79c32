import type { SQL } from "drizzle-orm";

import type { Database } from "./client.server";

/** Runs raw SQL and returns its rows, whichever driver answers (postgres.js gives an array, PGlite {rows}). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
