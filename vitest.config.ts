import path from "node:path";

import { defineConfig } from "vitest/config";

// Files and tests run in a shuffled order, so no test leans on another having run first. Vitest
// prints the seed ('Running tests with seed'); VITEST_SEED=<seed> repeats that order.
process.env.VITEST_SEED ??= String(Date.now() % 1_000_000);
const seed = Number(process.env.VITEST_SEED);

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(__dirname, "app") },
  },
  test: {
    env: {
      NODE_ENV: "test",
      DATA_DIR: path.resolve(__dirname, "tests/.tmp/vitest-data"),
      SESSION_SECRET: "test-session-secret",
      ADMIN_EMAIL: "admin@isent.example.in",
      ADMIN_PASSWORD: "admin-test-password",
      // The site the tests pretend to be (tests/support/http.ts SITE): absolute links start with it.
      PUBLIC_URL: "http://localhost",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default leaves a core free (1 worker on CI's 2 cores); the tests mostly wait on a
    // database, so two files at a time keep both cores busy.
    maxWorkers: 2,
    sequence: { shuffle: true, seed },
    // Unit tests need no database: only the integration project migrates the template database.
    // Both first check that patches/ is applied to node_modules.
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], globalSetup: ["tests/support/patches-applied.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["tests/support/patches-applied.ts", "tests/support/global-setup.ts"],
        },
      },
    ],
  },
});
