import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";

import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { createBackup, restoreBackup, type BackupSource } from "~/db/backup.server";
import { openPglite, openPostgres, type Database, type DatabaseHandle } from "~/db/client.server";
import { lockFileOf } from "~/db/pglite-lock.server";
import { campaigns, contactImports, contacts, creditLedger, creditOrders, invoices, users } from "~/db/schema";
import { DEMO_USER } from "~/db/seed/seed.server";
import { setupDatabase } from "~/db/setup.server";
import { checkDatabase } from "~/models/health.server";
import { createLocalDiskStorage, createS3Storage, useFileStorage, type FileStorage } from "~/services/storage.server";

import { startFakeS3, type FakeS3 } from "../support/fake-s3";
import { adminUrl, databaseUrlFor, uniqueDatabaseName } from "../support/postgres-admin";

/**
 * The restore drill, on the database the run is configured for (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): an instance with the demo data (its paid order and invoice, its campaigns, its
 * contact import) and its uploads in an S3 bucket is backed up, restored into a new empty instance
 * (uploads on local disk), and the new one must hold the same money, contacts, invoices and files, then start.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const SETUP = { adminEmail: "owner@isent.example.in", adminPassword: "owner-password-1" };

type Instance = BackupSource & { open: () => DatabaseHandle; dispose: () => Promise<void> };

let scratch: string;
let s3: FakeS3;
let source: Instance;
let restored: Instance;
let backupDir: string;
let before: Facts;

async function newInstance(name: string, storage: FileStorage, storageKind: "local" | "s3", fromTemplate: boolean): Promise<Instance> {
  const dataDir = path.join(scratch, name);
  await mkdir(dataDir, { recursive: true });
  if (testDatabaseUrl) {
    const database = uniqueDatabaseName(`backup_${name}`);
    const admin = openPostgres(adminUrl(testDatabaseUrl), { max: 1 });
    // The restored instance starts from a database with nothing in it, as a new server's would.
    const template = fromTemplate ? ` template "${inject("postgresTemplate")}"` : "";
    await admin.db.execute(sql.raw(`create database "${database}"${template}`));
    const databaseUrl = databaseUrlFor(testDatabaseUrl, database);
    return {
      databaseUrl,
      dataDir,
      storage,
      storageKind,
      open: () => openPostgres(databaseUrl, { max: 2 }),
      dispose: async () => {
        await admin.db.execute(sql.raw(`drop database if exists "${database}" with (force)`));
        await admin.close();
      },
    };
  }
  if (fromTemplate) {
    // The migrated template, in a data directory of its own (a backup opens the directory).
    const handle = openPglite({ dataDir: path.join(dataDir, "pglite"), loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
    await handle.close();
  }
  return { dataDir, storage, storageKind, open: () => openPglite({ dataDir: path.join(dataDir, "pglite") }), dispose: async () => {} };
}

type Facts = Awaited<ReturnType<typeof factsOf>>;

/** What must survive a restore, read from one instance. */
async function factsOf(db: Database, storage: FileStorage) {
  const uploads: Record<string, string> = {};
  for await (const key of storage.list()) {
    const stored = await storage.get(key);
    uploads[key] = createHash("sha256").update(stored!.bytes).digest("hex");
  }
  return {
    balances: await db.select({ email: users.email, balance: users.balance }).from(users).orderBy(asc(users.email)),
    ledgerSums: await db
      .select({ email: users.email, sum: sql<number>`sum(${creditLedger.amount})::int` })
      .from(creditLedger)
      .innerJoin(users, eq(users.id, creditLedger.userId))
      .groupBy(users.email)
      .orderBy(asc(users.email)),
    contacts: (await db.select({ total: count() }).from(contacts))[0].total,
    invoices: await db
      .select({ number: invoices.number, totalPaise: invoices.totalPaise, buyerName: invoices.buyerName })
      .from(invoices)
      .orderBy(asc(invoices.number)),
    paidOrders: (await db.select({ total: count() }).from(creditOrders).where(eq(creditOrders.status, "paid")))[0].total,
    campaigns: await db.select({ name: campaigns.name, status: campaigns.status }).from(campaigns).orderBy(asc(campaigns.name)),
    imports: (await db.select({ total: count() }).from(contactImports))[0].total,
    uploads,
  };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "isent-backup-"));
  s3 = await startFakeS3("isent-backup-source");
  const bucket = createS3Storage({
    bucket: s3.bucket,
    region: "ap-south-1",
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  source = await newInstance("source", bucket, "s3", true);
  restored = await newInstance("restored", createLocalDiskStorage(path.join(scratch, "restored", "uploads")), "local", false);

  const handle = source.open();
  try {
    useFileStorage(source.storage);
    await setupDatabase(handle, { ...SETUP, demoData: true, storage: source.storage });
    before = await factsOf(handle.db, source.storage);
    backupDir = path.join(scratch, "backup");
    // PGlite's directory is backed up with nothing holding it (the server stopped); PostgreSQL's while in use.
    if (!testDatabaseUrl) await handle.close();
    await createBackup(source, backupDir);
  } finally {
    await handle.close();
    useFileStorage(undefined);
  }
  await restoreBackup(restored, backupDir);
}, 120_000);

afterAll(async () => {
  await source?.dispose();
  await restored?.dispose();
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("a backup restored into a new empty instance", () => {
  it("holds what the first one held: balances, ledger sums, contacts, invoices, campaigns, the import and every upload", async () => {
    // The demo data has what the drill is about: a paid order with its invoice, campaigns, an import, photos.
    expect(before.paidOrders).toBeGreaterThan(0);
    expect(before.invoices.length).toBeGreaterThan(0);
    expect(before.campaigns.length).toBeGreaterThan(0);
    expect(before.imports).toBeGreaterThan(0);
    expect(Object.keys(before.uploads).length).toBeGreaterThan(10);

    const handle = restored.open();
    try {
      const after = await factsOf(handle.db, restored.storage);
      expect(after).toEqual(before);
      // Every balance is still its ledger's sum.
      const sums = new Map(after.ledgerSums.map((row) => [row.email, row.sum]));
      for (const { email, balance } of after.balances) expect(balance).toBe(sums.get(email) ?? 0);
    } finally {
      await handle.close();
    }
  });

  it("starts: migrations and essentials find nothing to do, the health check passes, the demo user's data is there", async () => {
    const handle = restored.open();
    try {
      const { firstStart } = await setupDatabase(handle, { ...SETUP, demoData: true, storage: restored.storage });
      expect(firstStart).toBe(false);
      expect(await checkDatabase()).toEqual({ ok: true });
      const [demo] = await handle.db.select({ balance: users.balance }).from(users).where(eq(users.email, DEMO_USER.email));
      expect(demo.balance).toBe(before.balances.find((row) => row.email === DEMO_USER.email)!.balance);
    } finally {
      await handle.close();
    }
  });

  it("is refused over an instance that already holds data; --force replaces it in one piece", async () => {
    await expect(restoreBackup(restored, backupDir)).rejects.toThrow(
      testDatabaseUrl ? /is not empty .* add --force/ : /already holds a database: restore into a new DATA_DIR, or add --force/,
    );
    // What changed after the backup (every balance zeroed) is undone by a forced restore.
    const handle = restored.open();
    await handle.db.update(users).set({ balance: 0 });
    await handle.close();
    await restoreBackup(restored, backupDir, { force: true });
    const again = restored.open();
    try {
      expect(await factsOf(again.db, restored.storage)).toEqual(before);
    } finally {
      await again.close();
    }
    // PGlite's replaced directory is set aside, not deleted.
    if (!testDatabaseUrl) expect(readdirSync(restored.dataDir).some((name) => name.startsWith("pglite.replaced-"))).toBe(true);
  });
});

describe("a damaged backup", () => {
  async function damagedCopy(damage: (directory: string) => Promise<void>) {
    const copy = await mkdtemp(path.join(scratch, "damaged-"));
    await cp(backupDir, copy, { recursive: true });
    await damage(copy);
    return copy;
  }

  async function freshTarget() {
    return newInstance(`empty-${Date.now()}`, createLocalDiskStorage(path.join(scratch, `empty-uploads-${Date.now()}`)), "local", false);
  }

  it("is refused before anything is written: a changed file, a missing one, an added one, no manifest", async () => {
    const target = await freshTarget();
    try {
      const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as { files: { path: string }[] };
      const upload = manifest.files.find((file) => file.path.startsWith("uploads/"))!.path;
      const changed = await damagedCopy((dir) => appendFile(path.join(dir, upload), "x"));
      await expect(restoreBackup(target, changed)).rejects.toThrow(`damaged or incomplete: ${upload} has`);
      const tampered = await damagedCopy(async (dir) => {
        const bytes = readFileSync(path.join(dir, upload));
        bytes[bytes.length - 1] ^= 0xff;
        await writeFile(path.join(dir, upload), bytes);
      });
      await expect(restoreBackup(target, tampered)).rejects.toThrow(`${upload} does not match its checksum. Nothing was restored.`);
      const incomplete = await damagedCopy((dir) => rm(path.join(dir, upload)));
      await expect(restoreBackup(target, incomplete)).rejects.toThrow(`${upload} is missing`);
      const added = await damagedCopy((dir) => writeFile(path.join(dir, "uploads", "extra.jpg"), "not ours"));
      await expect(restoreBackup(target, added)).rejects.toThrow("uploads/extra.jpg not in the manifest");
      const unfinished = await damagedCopy((dir) => rm(path.join(dir, "manifest.json")));
      await expect(restoreBackup(target, unfinished)).rejects.toThrow(
        "has no manifest.json: it is not a backup of this product, or the backup did not finish",
      );

      // Nothing reached the target: no uploads and (on PGlite) no database directory.
      for await (const key of target.storage.list()) expect.unreachable(`restored ${key}`);
      if (!testDatabaseUrl) expect(() => readFileSync(path.join(target.dataDir, "pglite", "PG_VERSION"))).toThrow();
    } finally {
      await target.dispose();
    }
  });
});

// A lock on PGlite's directory: the PostgreSQL run (TEST_DATABASE_URL) leaves it to the PGlite run.
describe.skipIf(testDatabaseUrl)("backing up the embedded database", () => {
  it("is refused while another process has its directory open, naming that process", async () => {
    const dataDir = await mkdtemp(path.join(scratch, "held-"));
    const pgliteDir = path.join(dataDir, "pglite");
    await mkdir(pgliteDir);
    await writeFile(path.join(pgliteDir, "PG_VERSION"), "18\n");
    // A live process of this host holds the lock, as a running server does.
    const holder: ChildProcess = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
    try {
      await writeFile(lockFileOf(pgliteDir), JSON.stringify({ pid: holder.pid, host: hostname() }));
      const storage = createLocalDiskStorage(path.join(dataDir, "uploads"));
      await expect(createBackup({ dataDir, storage, storageKind: "local" }, path.join(dataDir, "backup"))).rejects.toThrow(
        `The embedded database in ${pgliteDir} is open in process ${holder.pid} (the server?). Stop that process first`,
      );
    } finally {
      holder.kill();
    }
  });
});
