import { hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { config } from "~/config.server";

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

const derived = new Map<string, Buffer[]>();

/**
 * A key per cookie secret for one purpose (HKDF-SHA256, the purpose as its
 * info), newest first like the secrets: anything signed or MACed outside the
 * cookies uses these, so a value made for one purpose never passes for
 * another, and rotating SESSION_SECRET rotates them too.
 */
export function derivedSecrets(purpose: string): Buffer[] {
  let keys = derived.get(purpose);
  if (!keys) {
    keys = cookieSecrets().map((secret) => Buffer.from(hkdfSync("sha256", secret, "", purpose, 32)));
    derived.set(purpose, keys);
  }
  return keys;
}

function localSecret(): string {
  const file = path.resolve(config.DATA_DIR, "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch {
    // Not created yet.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
