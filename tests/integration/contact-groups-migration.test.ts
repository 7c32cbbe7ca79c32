import { readFileSync } from "node:fs";
import path from "node:path";

import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactImports, contacts } from "~/db/schema";
import { makeContact, makeUser } from "~/db/seed/factories.server";
import { migrationsFolder } from "~/db/migrate.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

/** A business's contacts' groups by name, and when each contact's row last changed. */
async function groupsOf(userId: string) {
  const rows = await test.db
    .select({ name: contacts.name, tags: contacts.tags, updatedAt: contacts.updatedAt })
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.name));
  return rows;
}

describe("migration 0019 (one spelling for a group, an import's warnings)", () => {
  it("merges each business's case variants of a group into its oldest contact's spelling, and gives imports an empty list of warnings", async () => {
    // As the tables were before 0019: no warnings on an import, and groups in several cases.
    await test.db.execute(sql`alter table contact_imports drop column warnings`);
    const owner = await makeUser();
    const neighbour = await makeUser();
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 10, minutes));
    // The oldest of the business's contacts in the group spells it 'Regulars'; Meena holds two spellings of one group.
    await makeContact({ userId: owner.id, name: "Ravi", tags: ["diwali", "regulars"], createdAt: at(2) });
    await makeContact({ userId: owner.id, name: "Asha", tags: ["Regulars", "Wholesale"], createdAt: at(1) });
    await makeContact({ userId: owner.id, name: "Meena", tags: ["VIP", "REGULARS", "regulars", "Diwali"], createdAt: at(3) });
    await makeContact({ userId: owner.id, name: "Kavya", tags: ["Weekend"], createdAt: at(4) });
    await makeContact({ userId: owner.id, name: "Sunita", tags: [], createdAt: at(5) });
    // Another business's spelling is its own.
    await makeContact({ userId: neighbour.id, name: "Priya", tags: ["REGULARS"], createdAt: at(0) });
    const before = await groupsOf(owner.id);
    await test.db.execute(sql`
      insert into contact_imports (user_id, file_name, header, preview, row_count, status)
      values (${owner.id}, 'old.csv', '["name","mobile"]'::jsonb, '[]'::jsonb, 1, 'done')`);

    const migration = readFileSync(path.join(migrationsFolder, "0019_contact_groups_case_import_warnings.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await test.db.execute(sql.raw(statement));

    const after = await groupsOf(owner.id);
    expect(Object.fromEntries(after.map((row) => [row.name, row.tags]))).toEqual({
      Asha: ["Regulars", "Wholesale"],
      Kavya: ["Weekend"],
      Meena: ["VIP", "Regulars", "diwali"],
      Ravi: ["diwali", "Regulars"],
      Sunita: [],
    });
    // A data fix, not an edit: no contact's row says it was changed.
    expect(after.map((row) => row.updatedAt)).toEqual(before.map((row) => row.updatedAt));
    expect((await groupsOf(neighbour.id)).map((row) => row.tags)).toEqual([["REGULARS"]]);
    expect(await test.db.select({ warnings: contactImports.warnings }).from(contactImports)).toEqual([{ warnings: [] }]);
  });
});
