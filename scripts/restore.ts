/**
 * `npm run restore -- DIR [--force]`: checks the backup in DIR against its manifest, then restores
 * it into the configured database (a new, empty one) and storage. --force replaces a database
 * that holds data (PGlite's is set aside, renamed) and adds the uploads to a storage that has files.
 */
import path from "node:path";
import { parseArgs } from "node:util";

import { config } from "~/config.server";
import { restoreBackup } from "~/db/backup.server";
import { fileStorage } from "~/services/storage.server";

import { runBackupCommand } from "./backup-command";

await runBackupCommand("Restore", async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new Error("Usage: npm run restore -- DIR [--force] (DIR holds a backup made by npm run backup)");
  const directory = path.resolve(positionals[0]);
  const manifest = await restoreBackup(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, storage: fileStorage(), storageKind: config.S3_BUCKET ? "s3" : "local" },
    directory,
    { force: values.force, log: console.log },
  );
  console.log(`Restored the backup of ${manifest.createdAt}. Start the server (npm start): it applies any newer migrations.`);
});
