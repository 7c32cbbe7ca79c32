import { fileURLToPath } from "node:url";

import { defineConfig, devices } from "@playwright/test";

import { e2eDataDir, E2E_MEMORY_OFF_PORT, E2E_PORT as PORT } from "./tests/e2e/server-paths";

/** The request-shapes test (tests/e2e/hostile-shapes.spec.ts), which has a project of its own. */
const HOSTILE_SHAPES = /hostile-shapes\.spec\.ts$/;

/**
 * The specs the memory-off project runs again on a server with MEMORY=off: the screens whose answers
 * the server keeps in memory (the feed and its kept pages, publishing and editing posts, a business's
 * kept screens, the admin's settings, lists and pricing), and what must forget them (sign-out).
 */
const MEMORY_OFF_SPECS = new RegExp(
  `/(${[
    "feed",
    "page-caches",
    "publishing",
    "post-edits",
    "contacts",
    "settings",
    "sign-out",
    "credits",
    "campaigns",
    "admin-feed",
    "admin-users",
    "admin-pricing",
    "admin-categories",
  ].join("|")})\\.spec\\.ts$`,
);

/**
 * The production build on a fresh embedded database with the demo data (npm run build runs first;
 * the server seeds it), on its own port and DATA_DIR.
 */
function server(port: number, env: Record<string, string> = {}) {
  const dataDir = e2eDataDir(port);
  return {
    command: `rm -rf "${dataDir}" && tsx server/index.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    env: {
      PORT: String(port),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: "e2e-session-secret",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: "admin@isent.example.in",
      ADMIN_PASSWORD: "admin-e2e-password",
      // Each test is a different visitor address (tests/e2e/fixtures.ts), as if behind one proxy.
      TRUST_PROXY: "1",
      // The SMS simulator reports half its messages failed, a second after taking them: a campaign's
      // page and SMS History show both outcomes within a test's time (tests/e2e/campaigns.spec.ts).
      SMS_SIMULATOR_FAILURE_SHARE: "0.5",
      SMS_SIMULATOR_REPORT_DELAY_SECONDS: "1",
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      // CHROMIUM_PATH (or /usr/bin/chromium), less what a test never shows (chromium.sh).
      executablePath: fileURLToPath(new URL("tests/e2e/chromium.sh", import.meta.url)),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  // Every form and the feed must work both ways: the no-JavaScript path is a feature.
  projects: [
    { name: "javascript", use: { ...devices["Pixel 7"], javaScriptEnabled: true }, testIgnore: HOSTILE_SHAPES },
    // Tests tagged @js-only check what scripts add, and @api ones drive no page (the same requests
    // either way, so they run once, above); everything else runs here too.
    {
      name: "no-javascript",
      use: { ...devices["Pixel 7"], javaScriptEnabled: false },
      grepInvert: /@js-only|@api/,
      testIgnore: HOSTILE_SHAPES,
    },
    // The product without its memories (MEMORY=off on the second server): the same specs must pass,
    // in the javascript setting.
    {
      name: "memory-off",
      use: { ...devices["Pixel 7"], javaScriptEnabled: true, baseURL: `http://127.0.0.1:${E2E_MEMORY_OFF_PORT}` },
      testMatch: MEMORY_OFF_SPECS,
    },
    // Floods the server with its worst request shapes: it runs last, alone (run it by itself with --no-deps).
    { name: "hostile-shapes", testMatch: HOSTILE_SHAPES, dependencies: ["javascript", "no-javascript", "memory-off"] },
  ],
  // Two servers: the one every project but memory-off uses, and the same with every memory off
  // (MEMORY=off: each answer worked out afresh), on the next port.
  webServer: [server(PORT), server(E2E_MEMORY_OFF_PORT, { MEMORY: "off" })],
});
