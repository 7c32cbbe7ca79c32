import path from "node:path";

/** The port the tests' server listens on (E2E_PORT to run two suites side by side). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The server's DATA_DIR: one per port, so two runs never share a database or an outbox. */
export const E2E_DATA_DIR = path.resolve(`tests/.tmp/e2e-data-${E2E_PORT}`);
