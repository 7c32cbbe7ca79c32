/** A one-line, human description of a driver error (connection refused, bad password, ...). */
export function describeDatabaseError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const cause = (error as { cause?: unknown }).cause;
  if (code === "ECONNREFUSED") return "connection refused (is PostgreSQL running, and is DATABASE_URL right?)";
  if (code === "ENOTFOUND") return "host not found (check the host in DATABASE_URL)";
  if (code === "CONNECT_TIMEOUT" || code === "ETIMEDOUT") return "connection timed out";
  if (code === "28P01") return "password authentication failed (check DATABASE_URL)";
  if (code === "3D000") return `${error.message} (create it first, e.g. createdb)`;
  if (cause instanceof Error && cause !== error) return describeDatabaseError(cause);
  return error.message;
}

/** Whether a query failed on a unique index (PostgreSQL's 23505), however the driver or drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === "23505") return true;
    if ((current as { cause?: unknown }).cause === current) break;
  }
  return false;
}
