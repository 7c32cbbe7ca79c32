import { randomBytes } from "node:crypto";

/**
 * TEST_DATABASE_URL names a fresh database made for this run; the connection to
 * it creates and drops the per-file databases beside it on the same server.
 */
export function adminUrl(testDatabaseUrl: string): string {
  return testDatabaseUrl;
}

export function databaseUrlFor(testDatabaseUrl: string, databaseName: string): string {
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

export function uniqueDatabaseName(purpose: string): string {
  return `isent_test_${purpose}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
}
