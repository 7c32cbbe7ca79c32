import path from "node:path";

import { configDefaults, defineConfig } from "vitest/config";

// Files and tests run in a shuffled order, so no test leans on another having run first. Vitest
// prints the seed ('Running tests with seed'); VITEST_SEED=<seed> repeats that order.
process.env.VITEST_SEED ??= String(Date.now() % 1_000_000);
const seed = Number(process.env.VITEST_SEED);

/**
 * Integration files that never use the run's database: the embedded PGlite's durability (a PGlite of
 * its own in a child process), the start-up check (a child process), place search and IP location
 * (fake services), Remix's old data requests (an app of its own). CI runs the integration tests once
 * on PGlite and again on PostgreSQL (TEST_DATABASE_URL); the second run leaves these out, as it would
 * only repeat them.
 */
const WITHOUT_THE_RUNS_DATABASE = ["durability", "startup-check", "geocoding", "old-data-requests"].map(
  (name) => `tests/integration/${name}.test.ts`,
);

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(__dirname, "app") },
  },
  test: {
    env: {
      NODE_ENV: "test",
      // One per database, so the PGlite and PostgreSQL runs can run side by side (.ci/run).
      DATA_DIR: path.resolve(__dirname, `tests/.tmp/vitest-data-${process.env.TEST_DATABASE_URL ? "postgresql" : "pglite"}`),
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
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? WITHOUT_THE_RUNS_DATABASE : [])],
          globalSetup: ["tests/support/patches-applied.ts", "tests/support/global-setup.ts"],
        },
      },
    ],
  },
});
