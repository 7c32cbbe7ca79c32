import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

import { z } from "zod";

import { contentTypeOf, isSafeStorageKey, type FileStorage } from "./storage.server";

/** One file of a backup: where it is in the backup's directory, its size and its SHA-256. */
export type BackupFile = { path: string; bytes: number; sha256: string };

export const MANIFEST = "manifest.json";
const UPLOADS = "uploads";

export const manifestSchema = z.object({
  format: z.literal("isent-backup"),
  formatVersion: z.literal(1),
  createdAt: z.string().datetime(),
  app: z.object({ version: z.string() }),
  database: z.object({
    kind: z.enum(["postgres", "pglite"]),
    file: z.string(),
    migrations: z.number().int().min(0),
    tables: z.record(z.number().int().min(0)),
  }),
  uploads: z.object({ storage: z.enum(["local", "s3"]), count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** The backup (or restore) cannot go on; the message says why, for the operator. */
export class BackupProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupProblem";
  }
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export async function describeFile(directory: string, relative: string): Promise<BackupFile> {
  const file = path.join(directory, relative);
  return { path: relative, bytes: (await stat(file)).size, sha256: await sha256OfFile(file) };
}

/** Every file under `directory`, as paths relative to it with forward slashes. */
export async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** A backup goes into a new or empty directory only: never mixed with another one's files. */
export async function prepareBackupDirectory(directory: string) {
  try {
    const present = await readdir(directory);
    if (present.length > 0) throw new BackupProblem(`${directory} is not empty: give a new or empty directory for the backup.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // Password hashes, contacts and the session secret: readable by the operator's account only.
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await mkdir(path.join(directory, "database"), { mode: 0o700 });
  await mkdir(path.join(directory, UPLOADS), { mode: 0o700 });
}

/**
 * Copies every stored upload (local disk or the bucket) into `directory`/uploads, each under its key.
 * Uploads are written once under a new random key and never changed, so a file is either whole here
 * or not yet stored when the listing passed it.
 */
export async function copyUploadsOut(storage: FileStorage, directory: string): Promise<BackupFile[]> {
  const copied: BackupFile[] = [];
  for await (const key of storage.list()) {
    if (!isSafeStorageKey(key)) throw new BackupProblem(`The storage holds a file whose name is not a key this product writes: ${key}`);
    const stored = await storage.get(key);
    // Deleted between the listing and the read (an account deleted meanwhile): it is not in the backup.
    if (!stored) continue;
    const relative = `${UPLOADS}/${key}`;
    await mkdir(path.dirname(path.join(directory, relative)), { recursive: true });
    await writeFile(path.join(directory, relative), stored.bytes);
    copied.push({ path: relative, bytes: stored.bytes.length, sha256: createHash("sha256").update(stored.bytes).digest("hex") });
  }
  return copied;
}

/** Refuses to restore uploads into a storage that already holds files, unless `force` (then they are added to it). */
export async function checkUploadsTarget(storage: FileStorage, force: boolean, where: string) {
  if (force) return;
  for await (const key of storage.list()) {
    throw new BackupProblem(
      `${where} already holds files (${key}, …): restore into an empty one, or add --force to add the backup's files to it.`,
    );
  }
}

/** Puts every upload of the backup back into the storage under its key. */
export async function copyUploadsIn(storage: FileStorage, directory: string, manifest: BackupManifest) {
  for (const file of manifest.files) {
    if (!file.path.startsWith(`${UPLOADS}/`)) continue;
    const key = file.path.slice(UPLOADS.length + 1);
    await storage.put(key, await readFile(path.join(directory, file.path)), contentTypeOf(key) ?? "application/octet-stream");
  }
}

/**
 * Reads the manifest and checks every file against it before anything is restored: each listed file
 * present with its size and SHA-256, and nothing in the directory the manifest does not list.
 */
export async function verifyBackup(directory: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(directory, MANIFEST), "utf8");
  } catch {
    throw new BackupProblem(
      `${directory} has no ${MANIFEST}: it is not a backup of this product, or the backup did not finish (the manifest is written last). Nothing was restored.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupProblem(`${path.join(directory, MANIFEST)} is not valid JSON: the backup is damaged. Nothing was restored.`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) {
    const issue = manifest.error.issues[0];
    throw new BackupProblem(
      `${path.join(directory, MANIFEST)} is not a manifest this version reads (${issue.path.join(".") || "the file"}: ${issue.message}). Nothing was restored.`,
    );
  }
  const problems: string[] = [];
  const listed = new Set(manifest.data.files.map((file) => file.path));
  if (!listed.has(manifest.data.database.file))
    problems.push(`the manifest does not list the database dump ${manifest.data.database.file}`);
  for (const file of manifest.data.files) {
    if (path.isAbsolute(file.path) || file.path.split("/").includes("..")) {
      problems.push(`${file.path} is outside the backup`);
      continue;
    }
    let size: number;
    try {
      size = (await stat(path.join(directory, file.path))).size;
    } catch {
      problems.push(`${file.path} is missing`);
      continue;
    }
    if (size !== file.bytes) problems.push(`${file.path} has ${size} bytes, not ${file.bytes}`);
    else if ((await sha256OfFile(path.join(directory, file.path))) !== file.sha256)
      problems.push(`${file.path} does not match its checksum`);
  }
  const uploads = manifest.data.files.filter((file) => file.path.startsWith(`${UPLOADS}/`)).length;
  if (uploads !== manifest.data.uploads.count)
    problems.push(`the manifest lists ${uploads} uploads but counts ${manifest.data.uploads.count}`);
  const extra = (await filesUnder(directory)).filter((file) => file !== MANIFEST && !listed.has(file));
  if (extra.length > 0)
    problems.push(`${extra.slice(0, 3).join(", ")}${extra.length > 3 ? ` and ${extra.length - 3} more` : ""} not in the manifest`);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join("; ") + (problems.length > 5 ? `; and ${problems.length - 5} more problems` : "");
    throw new BackupProblem(`The backup in ${directory} is damaged or incomplete: ${shown}. Nothing was restored.`);
  }
  return manifest.data;
}
