import path from "node:path";
import { mkdirSync } from "node:fs";

import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";

import * as schema from "./schema";

export type Schema = typeof schema;
/** The query builder both drivers share; models only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseHandle = {
  db: Database;
  kind: "postgres" | "pglite";
  /** Where it points, without a password, for messages. */
  description: string;
  close: () => Promise<void>;
};

export const pgliteExtensions = { cube, earthdistance, pg_trgm };

export type DatabaseTarget = { databaseUrl?: string; dataDir: string };

export function openPostgres(databaseUrl: string, options: { max?: number } = {}): DatabaseHandle {
  const client = postgres(databaseUrl, {
    max: options.max ?? 10,
    // Fail fast when the server is away instead of hanging a request for 30 s.
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
    // Feed queries are short; JIT compilation only ever added tens of ms to them (bench/feed-query.ts).
    connection: { jit: "off" },
  });
  return {
    db: drizzlePostgres(client, { schema }) as unknown as Database,
    kind: "postgres",
    description: redactUrl(databaseUrl),
    close: () => client.end({ timeout: 5 }),
  };
}

export function openPglite(options: PGliteOptions & { dataDir?: string }): DatabaseHandle {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ ...options, extensions: pgliteExtensions });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: "pglite",
    description: options.dataDir ? `PGlite in ${options.dataDir}` : "PGlite in memory",
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.databaseUrl) return openPostgres(target.databaseUrl);
  return openPglite({ dataDir: path.resolve(target.dataDir, "pglite") });
}

export function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}
