/**
 * `npm run backup -- DIR`: the database, the uploads and a manifest of checksums into DIR (new or
 * empty). On the embedded database the server must be stopped (docs/decisions/033-backup-and-restore.md).
 */
import path from "node:path";
import { parseArgs } from "node:util";

import { config } from "~/config.server";
import { createBackup } from "~/db/backup.server";
import { fileStorage } from "~/services/storage.server";

import { runBackupCommand } from "./backup-command";

await runBackupCommand("Backup", async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new Error("Usage: npm run backup -- DIR (a new or empty directory for the backup)");
  const directory = path.resolve(positionals[0]);
  const manifest = await createBackup(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, storage: fileStorage(), storageKind: config.S3_BUCKET ? "s3" : "local" },
    directory,
    console.log,
  );
  console.log(`Backup written to ${directory} (${manifest.files.length} files, manifest ${manifest.createdAt}).`);
});
