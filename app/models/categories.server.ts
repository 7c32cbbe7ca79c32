import { asc, eq } from "drizzle-orm";

import { db } from "~/db/db.server";
import { categories, templateCategories } from "~/db/schema";

export type NamedItem = { id: string; name: string };

/**
 * The feed's category menu and the profile's and composer's choices, in the admin's order: the
 * categories the admin has not hidden (posts and businesses that have a hidden one keep it).
 */
export async function listCategories(): Promise<NamedItem[]> {
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export function listTemplateCategories(): Promise<NamedItem[]> {
  return db()
    .select({ id: templateCategories.id, name: templateCategories.name })
    .from(templateCategories)
    .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name));
}
