import { existsSync } from "node:fs";
import { copyFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import {
  BackupProblem,
  checkUploadsTarget,
  copyUploadsIn,
  copyUploadsOut,
  describeFile,
  MANIFEST,
  prepareBackupDirectory,
  verifyBackup,
  type BackupManifest,
} from "~/services/backup-files.server";
import type { FileStorage } from "~/services/storage.server";

import { checkDatabaseTarget, dumpDatabase, restoreDatabase, RestoreRefused } from "./backup-database.server";
import type { DatabaseTarget } from "./client.server";
import { migrationsFolder } from "./migrate.server";

export type BackupSource = DatabaseTarget & { storage: FileStorage; storageKind: "local" | "s3" };

/** The generated cookie secret (kept in DATA_DIR when SESSION_SECRET is unset): without it a restore signs everyone out. */
const SESSION_SECRET_FILE = "session-secret";

/**
 * Writes a backup of the instance into `directory` (new or empty): the database first, then the
 * uploads (every file the dumped rows name was stored before its row was committed, so it is
 * there), the generated session secret if there is one, and last the manifest, whose presence
 * marks a finished backup.
 */
export async function createBackup(source: BackupSource, directory: string, log: (message: string) => void = () => {}) {
  await prepareBackupDirectory(directory);
  const database = await dumpDatabase(source, directory);
  log(
    `Database (${database.kind}): ${Object.values(database.tables).reduce((sum, rows) => sum + rows, 0)} rows in ${Object.keys(database.tables).length} tables.`,
  );
  const uploads = await copyUploadsOut(source.storage, directory);
  log(`Uploads (${source.storageKind}): ${uploads.length} files.`);
  const files = [await describeFile(directory, database.file), ...uploads];
  const secret = path.resolve(source.dataDir, SESSION_SECRET_FILE);
  if (existsSync(secret)) {
    await copyFile(secret, path.join(directory, SESSION_SECRET_FILE));
    files.push(await describeFile(directory, SESSION_SECRET_FILE));
  }
  const manifest: BackupManifest = {
    format: "isent-backup",
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    app: { version: await appVersion() },
    database,
    uploads: { storage: source.storageKind, count: uploads.length, bytes: uploads.reduce((sum, file) => sum + file.bytes, 0) },
    files,
  };
  const temporary = path.join(directory, `${MANIFEST}.partial`);
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, path.join(directory, MANIFEST));
  return manifest;
}

/**
 * Restores a backup into the configured instance. Everything is checked before anything is
 * written: every file against the manifest, the database's kind and migrations, an empty database
 * and an empty storage (unless `force`). Then the database (its row counts compared with the
 * manifest's), the uploads and the session secret.
 */
export async function restoreBackup(
  target: BackupSource,
  directory: string,
  options: { force?: boolean; log?: (message: string) => void } = {},
) {
  const force = options.force ?? false;
  const log = options.log ?? (() => {});
  const manifest = await verifyBackup(directory);
  log(`Backup of ${manifest.createdAt} checked: ${manifest.files.length} files match the manifest.`);
  const known = await knownMigrations();
  if (manifest.database.migrations > known) {
    throw new RestoreRefused(
      `This backup was made by a newer version (its database has ${manifest.database.migrations} migrations, this version knows ${known}): restore it with that version or a later one.`,
    );
  }
  await checkDatabaseTarget(target, manifest.database, force);
  await checkUploadsTarget(target.storage, force, target.storageKind === "s3" ? "The bucket" : path.resolve(target.dataDir, "uploads"));
  await restoreDatabase(target, directory, manifest.database, force);
  log(`Database restored: ${Object.keys(manifest.database.tables).length} tables, row counts as in the backup.`);
  await copyUploadsIn(target.storage, directory, manifest);
  log(`Uploads restored: ${manifest.uploads.count} files.`);
  if (manifest.files.some((file) => file.path === SESSION_SECRET_FILE)) {
    const secret = path.resolve(target.dataDir, SESSION_SECRET_FILE);
    if (force || !existsSync(secret)) {
      await mkdir(target.dataDir, { recursive: true });
      await copyFile(path.join(directory, SESSION_SECRET_FILE), secret);
    } else {
      log(`${secret} exists and was kept: sessions signed with the backup's secret end.`);
    }
  }
  return manifest;
}

async function appVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

async function knownMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

export { BackupProblem, RestoreRefused };
