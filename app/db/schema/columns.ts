import { sql } from "drizzle-orm";
import { check, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/** Opaque random ids: nothing sequential ever appears in a URL. */
export const id = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A CHECK that a text column holds one of the values the code knows, made from the same constant
 * as its TypeScript enum, so the database refuses what the types would. Literals, not parameters:
 * a constraint's text cannot take parameters.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", ");
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
