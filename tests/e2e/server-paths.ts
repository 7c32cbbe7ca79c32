import path from "node:path";

/** The port the tests' server listens on (E2E_PORT to run two suites side by side). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The port of the second server, the one with MEMORY=off (playwright.config.ts): always the next one. */
export const E2E_MEMORY_OFF_PORT = E2E_PORT + 1;

/** A server's DATA_DIR: one per port, so two servers or two runs never share a database or an outbox. */
export function e2eDataDir(port: number): string {
  return path.resolve(`tests/.tmp/e2e-data-${port}`);
}

/** The DATA_DIR of the server at `baseURL` (a test's own: test.info().project.use.baseURL). */
export function e2eDataDirOf(baseURL: string): string {
  return e2eDataDir(Number(new URL(baseURL).port));
}
