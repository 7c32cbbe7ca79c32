import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import type { TestProject } from "vitest/node";

import { openPglite, openPostgres } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { prepareJobQueues } from "~/jobs/queue.server";

import { adminUrl, databaseUrlFor, uniqueDatabaseName } from "./postgres-admin";

const TMP = path.resolve(__dirname, "../.tmp");

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run; every test file then starts from a
 * copy of it: a PGlite snapshot, or (with TEST_DATABASE_URL) a PostgreSQL
 * database created from a migrated template database.
 */
export default async function setup(project: TestProject) {
  // The tests' DATA_DIR (vitest.config.ts): empty at the start of each run.
  rmSync(project.config.env.DATA_DIR!, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });

  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const templateName = uniqueDatabaseName("template");
    const admin = openPostgres(adminUrl(testDatabaseUrl), { max: 1 });
    await admin.db.execute(sql.raw(`create database "${templateName}"`));
    const template = openPostgres(databaseUrlFor(testDatabaseUrl, templateName), { max: 1 });
    await migrateDatabase(template);
    await prepareJobQueues(template);
    await template.close();
    project.provide("postgresTemplate", templateName);
    project.provide("pgliteTemplate", "");
    return async () => {
      await admin.db.execute(sql.raw(`drop database if exists "${templateName}" with (force)`));
      await admin.close();
    };
  }

  const pglite = openPglite({});
  await migrateDatabase(pglite);
  await prepareJobQueues(pglite);
  // Uncompressed (45 MB against 5.5): every test file loads it, and gunzip cost each one 0.4 s of CPU.
  const client = (pglite.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
  const snapshot = await client.dumpDataDir("none");
  await pglite.close();
  const file = path.join(TMP, "pglite-template.tar");
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", "");
}
