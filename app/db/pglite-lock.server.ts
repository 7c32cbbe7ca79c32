import { openSync, readFileSync, rmSync, writeFileSync, closeSync } from "node:fs";
import { hostname } from "node:os";

/**
 * PGlite is PostgreSQL in one process, with no postmaster to refuse a second one: two processes on
 * one data directory (a second `npm start`, or `npm run backup` while the server runs) would both
 * write it and corrupt it. Its own postmaster.pid says pid -42 whoever holds it, so the directory's
 * holder is written beside it (`<dir>.pid`: process id and host) and a second process is refused.
 * A lock left by a process that died (SIGKILL, a crash) names a process that no longer runs and is
 * taken over; one written on another host (a shared volume) cannot be checked and is taken over too.
 */
export class DataDirectoryInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid} (the server?). Stop that process first: ` +
        "PGlite is one process, and a second one on the same directory would corrupt it.",
    );
    this.name = "DataDirectoryInUse";
  }
}

type Holder = { pid: number; host: string };

export const lockFileOf = (dataDir: string) => `${dataDir.replace(/\/+$/, "")}.pid`;

/** The process that holds `dataDir` open now, or null (no lock, or a stale one). */
export function dataDirectoryHolder(dataDir: string): number | null {
  const holder = readHolder(lockFileOf(dataDir));
  if (!holder || holder.host !== hostname() || holder.pid === process.pid || !isRunning(holder.pid)) return null;
  return holder.pid;
}

/** Claims `dataDir` for this process; throws DataDirectoryInUse when another live process holds it. Returns the release. */
export function lockDataDirectory(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies Holder);
  try {
    const descriptor = openSync(file, "wx", 0o600);
    writeFileSync(descriptor, mine);
    closeSync(descriptor);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = dataDirectoryHolder(dataDir);
    if (holder !== null) throw new DataDirectoryInUse(dataDir, holder);
    writeFileSync(file, mine, { mode: 0o600 });
  }
  return () => {
    // Only our own lock: a process that took over a lock we thought stale keeps its own.
    if (readFileSafe(file) === mine) rmSync(file, { force: true });
  };
}

function readHolder(file: string): Holder | null {
  const text = readFileSafe(file);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    return typeof parsed.pid === "number" && typeof parsed.host === "string" ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}

function readFileSafe(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
