import { asc } from "drizzle-orm";

import { db } from "~/db/db.server";
import { categories, templateCategories } from "~/db/schema";

export type NamedItem = { id: string; name: string };

/** The feed's category menu, in the admin's order. */
export function listCategories(): Promise<NamedItem[]> {
  return db()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export function listTemplateCategories(): Promise<NamedItem[]> {
  return db()
    .select({ id: templateCategories.id, name: templateCategories.name })
    .from(templateCategories)
    .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name));
}
