import { hkdfSync, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { config } from "~/config.server";
import { defineMemory } from "~/memory/memory.server";

let cached: string[] | undefined;

/**
 * Secrets that sign cookies, newest first (SESSION_SECRET may list several,
 * comma-separated, to rotate without signing everyone out). Without
 * SESSION_SECRET a random secret is created once and kept in DATA_DIR so
 * restarts keep cookies valid; several instances must share SESSION_SECRET.
 */
export function cookieSecrets(): string[] {
  if (cached) return cached;
  const configured = config.SESSION_SECRET?.split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  cached = configured?.length ? configured : [localSecret()];
  return cached;
}

/** Kept by purpose, a name in the code (access tokens, visitor ids, the test gateway's keys): a handful. */
const derived = defineMemory<Buffer[]>({
  name: "derived-keys",
  purpose: "keys derived from the cookie secrets, one set per purpose (access tokens, visitor ids, the test gateway)",
  max: 20,
});

/**
 * A key per cookie secret for one purpose (HKDF-SHA256, the purpose as its
 * info), newest first like the secrets: anything signed or MACed outside the
 * cookies uses these, so a value made for one purpose never passes for
 * another, and rotating SESSION_SECRET rotates them too.
 */
export function derivedSecrets(purpose: string): Buffer[] {
  return derived.remember(purpose, () => cookieSecrets().map((secret) => Buffer.from(hkdfSync("sha256", secret, "", purpose, 32))));
}

function localSecret(): string {
  const file = path.resolve(config.DATA_DIR, "session-secret");
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole beside it, then linked into place, which fails when another process starting at
  // the same moment (WEB_CONCURRENCY, or a second instance on this DATA_DIR) was first: its secret
  // is then everyone's. An empty file (a write cut short) is replaced.
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(candidate, randomBytes(32).toString("hex"), { mode: 0o600 });
  try {
    linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (!readSecret(file)) renameSync(candidate, file);
  } finally {
    rmSync(candidate, { force: true });
  }
  return readSecret(file)!;
}

function readSecret(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim() || null;
  } catch {
    // Not created yet.
    return null;
  }
}
