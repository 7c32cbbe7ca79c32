import { defineMemory } from "~/memory/memory.server";

/**
 * What is worked out from many rows, kept per version of those rows: a version the database
 * raises in the same transaction as every change (such as users.contacts_version), read afresh
 * for each request, so no instance ever answers from data older than its last change. Read the
 * version first, then work the value out: it is then at least as new as the version it is kept under.
 */
const byVersion = defineMemory<Promise<unknown>>({
  name: "worked-out-by-version",
  purpose: "values worked out from many rows (a business's contact count, its groups), kept per version of those rows",
  max: 2_000,
});

export function keptForVersion<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
  return byVersion.remember(key, compute, { version }) as Promise<T>;
}
