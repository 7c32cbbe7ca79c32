/**
 * What is worked out from many rows, kept per version of those rows: a version the database
 * raises in the same transaction as every change (such as users.contacts_version), read afresh
 * for each request, so no instance ever answers from data older than its last change. Read the
 * version first, then work the value out: it is then at least as new as the version it is kept under.
 */
const MAX_ENTRIES = 2_000;
const entries = new Map<string, { version: number; value: Promise<unknown> }>();

export function keptForVersion<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  // Moved to the end either way, so the least used are the first forgotten.
  entries.delete(key);
  if (hit && hit.version === version) {
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const entry = { version, value: compute() };
  entries.set(key, entry);
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return entry.value as Promise<T>;
}
