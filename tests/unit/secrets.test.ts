import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** Runs once, just before this process's first write: what another process starting alongside it does first. */
const beforeFirstWrite = vi.hoisted(() => ({ run: undefined as (() => void) | undefined }));

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const writeFileSync: typeof fs.writeFileSync = (...args) => {
    const run = beforeFirstWrite.run;
    beforeFirstWrite.run = undefined;
    run?.();
    return fs.writeFileSync(...args);
  };
  return { ...fs, default: { ...fs, writeFileSync }, writeFileSync };
});

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "isent-secrets-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SESSION_SECRET", "");
  vi.resetModules();
});

afterEach(() => {
  beforeFirstWrite.run = undefined;
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

const secretFile = () => path.join(dataDir, "session-secret");

describe("the cookie secret made when SESSION_SECRET is unset", () => {
  it("is made once and kept in DATA_DIR, so a restart keeps everyone signed in", async () => {
    const { cookieSecrets } = await import("~/utils/secrets.server");
    const [secret] = cookieSecrets();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(secretFile(), "utf8")).toBe(secret);
    vi.resetModules();
    const restarted = await import("~/utils/secrets.server");
    expect(restarted.cookieSecrets()).toEqual([secret]);
    expect(readdirSync(dataDir)).toEqual(["session-secret"]);
  });

  it("is the one another process starting at the same moment made first, not a second one", async () => {
    const theirs = "a".repeat(64);
    const fs = await vi.importActual<typeof import("node:fs")>("node:fs");
    beforeFirstWrite.run = () => fs.writeFileSync(secretFile(), theirs);
    const { cookieSecrets } = await import("~/utils/secrets.server");
    expect(cookieSecrets()).toEqual([theirs]);
    expect(readFileSync(secretFile(), "utf8")).toBe(theirs);
    expect(readdirSync(dataDir)).toEqual(["session-secret"]);
  });
});
