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

import { withAfterCommit } from "./after-commit.server";
import { lockDataDirectory } from "./pglite-lock.server";
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
  /**
   * Raw SQL on the same connection(s), for pg-boss (app/db/queue.server.ts).
   * Text without parameters may hold several statements (pg-boss sends
   * BEGIN; …; COMMIT; as one); their results are not returned.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /**
   * PostgreSQL's LISTEN on a connection of its own (re-established when lost): `onNotice` runs for
   * each NOTIFY on `channel`, from any process on the database; `onListen` each time it (re)starts
   * listening (notices sent while the connection was lost are lost). Resolves once listening.
   */
  listen: (channel: string, onNotice: (payload: string) => void, onListen?: () => void) => Promise<void>;
  /** NOTIFY on `channel`, outside any transaction: every process listening hears it, this one too. */
  notify: (channel: string, payload?: string) => Promise<void>;
  /**
   * Runs `task` holding PostgreSQL's advisory lock `key` (on a connection of its own, so the task may
   * use the pool), waiting at most `lockTimeoutMs` for it: past that, a LockTimeoutError. On PGlite,
   * one connection that only one process can open, the task just runs.
   */
  whileLocked: <T>(key: number, lockTimeoutMs: number, task: () => Promise<T>) => Promise<T>;
  /** The most connections this process holds (PGlite: its one). */
  poolSize: number;
  /** Seconds a query asking now waits for a connection (the metrics scrape's probe of the pool). */
  measurePoolWait: () => Promise<number>;
  close: () => Promise<void>;
};

/** Another session held the lock for longer than the caller would wait. */
export class LockTimeoutError extends Error {}

const secondsSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

export const pgliteExtensions = { cube, earthdistance, pg_trgm };

export type DatabaseTarget = { databaseUrl?: string; dataDir: string };

export function openPostgres(databaseUrl: string, options: { max?: number } = {}): DatabaseHandle {
  const max = options.max ?? 10;
  const client = postgres(databaseUrl, {
    max,
    // Fail fast when the server is away instead of hanging a request for 30 s.
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
    // Feed queries are short; JIT compilation only ever added tens of ms to them (bench/feed-query.ts).
    connection: { jit: "off" },
  });
  return {
    db: withAfterCommit(drizzlePostgres(client, { schema }) as unknown as Database),
    kind: "postgres",
    description: redactUrl(databaseUrl),
    executeSql: async (text, values = []) => {
      if (values.length > 0) {
        // pg (which pg-boss expects) sends a plain object as JSON text and undefined as null; postgres.js wants it done.
        const parameters = values.map((value) => (value === undefined ? null : isPlainObject(value) ? JSON.stringify(value) : value));
        return { rows: [...(await client.unsafe(text, parameters as postgres.ParameterOrJSON<never>[]))] };
      }
      // A script (BEGIN; …; COMMIT;) must run on one connection: postgres.js refuses it on the pool.
      const connection = await client.reserve();
      try {
        const result = await connection.unsafe(text).simple();
        return { rows: Array.isArray(result[0]) ? [] : [...result] };
      } finally {
        connection.release();
      }
    },
    listen: async (channel, onNotice, onListen) => {
      await client.listen(channel, (payload) => onNotice(payload), onListen);
    },
    notify: async (channel, payload = "") => {
      await client.notify(channel, payload);
    },
    whileLocked: async (key, lockTimeoutMs, task) => {
      const connection = await client.reserve();
      try {
        // lock_timeout bounds the wait for an advisory lock as for any other lock (SQLSTATE 55P03).
        await connection.unsafe(`set lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
        try {
          await connection`select pg_advisory_lock(${key})`;
        } catch (error) {
          if ((error as { code?: string }).code === "55P03")
            throw new LockTimeoutError(`waited ${lockTimeoutMs / 1000} s for advisory lock ${key}`);
          throw error;
        }
        try {
          return await task();
        } finally {
          await connection`select pg_advisory_unlock(${key})`;
        }
      } finally {
        await connection.unsafe("reset lock_timeout").catch(() => {});
        connection.release();
      }
    },
    poolSize: max,
    // postgres.js keeps its queues to itself: a connection reserved and given back at once waits as long as a query would.
    measurePoolWait: async () => {
      const start = process.hrtime.bigint();
      const connection = await client.reserve();
      connection.release();
      return secondsSince(start);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

function isPlainObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * PGlite's start, with new WAL segments not zero-filled (`wal_init_zero=off`, safe: WAL records carry
 * their own checksums): in the one process, filling each 16 MB segment stopped every request for
 * ~200 ms every ~10,000 messages a campaign wrote (bench/hostile-shapes.ts).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "wal_init_zero=off"];

/** `logQuery`: told the SQL of every query drizzle sends (tests record which tables a memory's answer reads). */
export function openPglite(options: PGliteOptions & { dataDir?: string; logQuery?: (sql: string) => void }): DatabaseHandle {
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDirectory(path.resolve(options.dataDir));
  }
  const { logQuery, ...pgliteOptions } = options;
  const client = new PGlite({ startParams: PGLITE_START_PARAMS, ...pgliteOptions, extensions: pgliteExtensions });
  const logger = logQuery ? { logQuery: (sql: string) => logQuery(sql) } : undefined;
  return {
    db: withAfterCommit(drizzlePglite(client, { schema, logger }) as unknown as Database),
    kind: "pglite",
    description: options.dataDir ? `PGlite in ${options.dataDir}` : "PGlite in memory",
    executeSql: async (text, values = []) => {
      if (values.length === 0) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      return client.query(text, values);
    },
    listen: async (channel, onNotice, onListen) => {
      await client.listen(channel, (payload) => onNotice(payload));
      onListen?.();
    },
    notify: async (channel, payload = "") => {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    whileLocked: (_key, _lockTimeoutMs, task) => task(),
    poolSize: 1,
    // PGlite runs one query at a time: a trivial one waits behind whatever is under way.
    measurePoolWait: async () => {
      const start = process.hrtime.bigint();
      await client.query("select 1");
      return secondsSince(start);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
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
