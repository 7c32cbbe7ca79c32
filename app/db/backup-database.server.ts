import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { sql } from "drizzle-orm";

import { openPglite, openPostgres, redactUrl, type Database, type DatabaseHandle, type DatabaseTarget } from "./client.server";
import { dataDirectoryHolder, DataDirectoryInUse } from "./pglite-lock.server";

/** What a backup says about its database: enough to check a restore row for row. */
export type DatabaseSnapshot = {
  kind: "postgres" | "pglite";
  /** The dump, relative to the backup's directory. */
  file: string;
  /** Migrations applied to it (drizzle's journal). */
  migrations: number;
  /** Rows in each table of the product's schema (`public`) at the moment of the dump. */
  tables: Record<string, number>;
};

/** A restore refused before anything was written: the message says why and what to do. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export const pgliteDirectory = (dataDir: string) => path.resolve(dataDir, "pglite");
const hasPgliteDatabase = (dataDir: string) => existsSync(path.join(pgliteDirectory(dataDir), "PG_VERSION"));

function rowsOf<Row>(result: unknown): Row[] {
  // postgres.js answers with the rows themselves, PGlite with { rows }.
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** Row counts of every table in `public`, and how many migrations the database has had. */
export async function describeDatabase(db: Pick<Database, "execute">): Promise<Omit<DatabaseSnapshot, "kind" | "file">> {
  const names = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((row) => row.name);
  const tables: Record<string, number> = {};
  if (names.length > 0) {
    const counts = sql.join(
      names.map((name) => sql`select ${name} as name, count(*)::int as total from ${sql.identifier(name)}`),
      sql` union all `,
    );
    for (const row of rowsOf<{ name: string; total: number }>(await db.execute(counts))) tables[row.name] = Number(row.total);
  }
  const [journal] = rowsOf<{ migrations: number }>(
    await db.execute(
      sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
                 else (select count(*)::int from drizzle.__drizzle_migrations) end as migrations`,
    ),
  );
  return { migrations: Number(journal.migrations), tables };
}

/**
 * Writes the database into `directory` and describes it. PostgreSQL: `pg_dump` in its custom
 * format, on a snapshot exported from the transaction that counts the rows, so the counts are those
 * of the dump however busy the server is. PGlite: its data directory as PGlite's own tarball, taken
 * with the directory opened here, which the lock refuses while the server has it open.
 */
export async function dumpDatabase(target: DatabaseTarget, directory: string): Promise<DatabaseSnapshot> {
  if (target.databaseUrl) {
    const file = "database/postgres.dump";
    const handle = openPostgres(target.databaseUrl, { max: 1 });
    try {
      return await handle.db.transaction(
        async (tx) => {
          const [{ snapshot }] = rowsOf<{ snapshot: string }>(await tx.execute(sql`select pg_export_snapshot() as snapshot`));
          await runPostgresClient("pg_dump", target.databaseUrl!, [
            "--format=custom",
            `--snapshot=${snapshot}`,
            `--file=${path.join(directory, file)}`,
          ]);
          return { kind: "postgres" as const, file, ...(await describeDatabase(tx)) };
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
    } finally {
      await handle.close();
    }
  }
  if (!hasPgliteDatabase(target.dataDir)) {
    throw new Error(
      `There is no embedded database in ${pgliteDirectory(target.dataDir)}: check DATA_DIR (or set DATABASE_URL for PostgreSQL).`,
    );
  }
  const file = "database/pglite.tar.gz";
  const handle = openPglite({ dataDir: pgliteDirectory(target.dataDir) });
  try {
    const described = await describeDatabase(handle.db);
    const tarball = await pgliteClient(handle).dumpDataDir("gzip");
    await writeFile(path.join(directory, file), Buffer.from(await tarball.arrayBuffer()));
    return { kind: "pglite", file, ...described };
  } finally {
    await handle.close();
  }
}

/**
 * Refuses, before anything is written, a restore that would land on data: a PostgreSQL database
 * that holds any table, or a DATA_DIR that holds an embedded database (unless `force`), and a backup
 * of the other kind of database than the one configured.
 */
export async function checkDatabaseTarget(target: DatabaseTarget, snapshot: DatabaseSnapshot, force: boolean) {
  const configured = target.databaseUrl ? "postgres" : "pglite";
  if (snapshot.kind !== configured) {
    throw new RestoreRefused(
      snapshot.kind === "pglite"
        ? "This backup holds an embedded (PGlite) database, but DATABASE_URL points at PostgreSQL: unset DATABASE_URL to restore it into DATA_DIR."
        : "This backup holds a PostgreSQL database, but DATABASE_URL is not set: set it to a new, empty PostgreSQL database to restore into.",
    );
  }
  if (target.databaseUrl) {
    const handle = openPostgres(target.databaseUrl, { max: 1 });
    try {
      const [{ relations }] = rowsOf<{ relations: number }>(
        await handle.db.execute(
          sql`select count(*)::int as relations from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p', 'v', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
        ),
      );
      if (relations > 0 && !force) {
        throw new RestoreRefused(
          `The database ${redactUrl(target.databaseUrl)} is not empty (${relations} tables and views): restore into a new, empty database, or add --force to replace everything in it.`,
        );
      }
    } finally {
      await handle.close();
    }
    return;
  }
  const holder = dataDirectoryHolder(pgliteDirectory(target.dataDir));
  if (holder !== null) throw new DataDirectoryInUse(pgliteDirectory(target.dataDir), holder);
  if (hasPgliteDatabase(target.dataDir) && !force) {
    throw new RestoreRefused(
      `${pgliteDirectory(target.dataDir)} already holds a database: restore into a new DATA_DIR, or add --force to set it aside (renamed, not deleted) and restore in its place.`,
    );
  }
}

/**
 * Loads the backup's database into the target (checked first with checkDatabaseTarget), then
 * counts its rows: a table whose count differs from the backup's fails the restore.
 */
export async function restoreDatabase(target: DatabaseTarget, directory: string, snapshot: DatabaseSnapshot, force: boolean) {
  const dump = path.join(directory, snapshot.file);
  if (target.databaseUrl) {
    // One transaction either way: a restore that fails part-way leaves the database as it was.
    const options = ["--no-owner", "--no-privileges", "--exit-on-error"];
    if (force) await replacePostgresDatabase(target.databaseUrl, dump, options);
    else await runPostgresClient("pg_restore", target.databaseUrl, [...options, "--single-transaction", dump]);
    const handle = openPostgres(target.databaseUrl, { max: 1 });
    try {
      compareCounts(snapshot, await describeDatabase(handle.db));
    } finally {
      await handle.close();
    }
    return;
  }
  const directoryOfDatabase = pgliteDirectory(target.dataDir);
  // --force: the database there is set aside, never deleted by a restore, and put back if the restore fails.
  const setAside = hasPgliteDatabase(target.dataDir)
    ? `${directoryOfDatabase}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`
    : null;
  if (setAside) await rename(directoryOfDatabase, setAside);
  else await rm(directoryOfDatabase, { recursive: true, force: true });
  const handle = openPglite({ dataDir: directoryOfDatabase, loadDataDir: new Blob([await readFile(dump)]) });
  try {
    compareCounts(snapshot, await describeDatabase(handle.db));
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(directoryOfDatabase, { recursive: true, force: true });
    if (setAside) await rename(setAside, directoryOfDatabase);
    throw error;
  }
}

function compareCounts(snapshot: DatabaseSnapshot, restored: Omit<DatabaseSnapshot, "kind" | "file">) {
  const names = new Set([...Object.keys(snapshot.tables), ...Object.keys(restored.tables)]);
  const differences = [...names]
    .filter((name) => snapshot.tables[name] !== restored.tables[name])
    .map((name) => `${name}: ${snapshot.tables[name] ?? "no table"} in the backup, ${restored.tables[name] ?? "no table"} restored`);
  if (differences.length > 0) throw new Error(`The restored database differs from the backup (${differences.slice(0, 5).join("; ")}).`);
}

function pgliteClient(handle: DatabaseHandle) {
  return (handle.db as unknown as { $client: { dumpDataDir: (compression: "gzip") => Promise<Blob> } }).$client;
}

type PostgresClientProgram = "pg_dump" | "pg_restore" | "psql";

/**
 * Starts pg_dump, pg_restore or psql against `databaseUrl` (or none, for pg_restore writing SQL),
 * the password in PGPASSWORD rather than on the command line (where `ps` would show it). `done`
 * fails with the tool's own words.
 */
function startPostgresClient(
  program: PostgresClientProgram,
  databaseUrl: string | null,
  args: string[],
  pipes: { stdin?: boolean; stdout?: boolean } = {},
) {
  const env = { ...process.env };
  const connection: string[] = [];
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = "";
    connection.push(`--dbname=${url.toString()}`);
  }
  const child = spawn(program, [...connection, ...args], {
    env,
    stdio: [pipes.stdin ? "pipe" : "ignore", pipes.stdout ? "pipe" : "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${program} was not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client), of the server's major version or newer.`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (exit code ${code}): ${stderr.trim() || "no message"}`));
    });
  });
  return { child, done };
}

function runPostgresClient(program: PostgresClientProgram, databaseUrl: string, args: string[]): Promise<void> {
  return startPostgresClient(program, databaseUrl, args).done;
}

/**
 * --force on PostgreSQL: the database's own schemas dropped and the dump loaded in ONE transaction
 * (pg_restore's SQL piped into `psql --single-transaction`), so a failure leaves the old data in
 * place. pg_restore's own --clean cannot do it: it fails on pg-boss's partitioned tables.
 */
async function replacePostgresDatabase(databaseUrl: string, dump: string, options: string[]) {
  const handle = openPostgres(databaseUrl, { max: 1 });
  let schemas: string[];
  try {
    schemas = rowsOf<{ name: string }>(
      await handle.db.execute(
        sql`select nspname as name from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and left(nspname, 3) <> 'pg_'`,
      ),
    ).map((row) => row.name);
  } finally {
    await handle.close();
  }
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const emptying = [
    "SET client_min_messages = warning;",
    ...schemas.map((name) => `DROP SCHEMA IF EXISTS ${quoted(name)} CASCADE;`),
    // The dump assumes public exists, as in any new database.
    "CREATE SCHEMA IF NOT EXISTS public;",
    "",
  ].join("\n");
  const psql = startPostgresClient("psql", databaseUrl, ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction", "-f", "-"], {
    stdin: true,
  });
  const script = startPostgresClient("pg_restore", null, [...options, "--file=-", dump], { stdout: true });
  psql.child.stdin!.on("error", () => {}); // psql stopping early fails `done` with its message
  psql.child.stdin!.write(emptying);
  script.child.stdout!.pipe(psql.child.stdin!);
  await Promise.all([script.done, psql.done]);
}
