import { readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { migrationsFolder } from "~/db/migrate.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

type Row = { title: string; kind: string; content: string; offer: Record<string, unknown> | null };

async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await test.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

describe("migration 0016 (templates' offers and placeholders)", () => {
  it("moves existing templates to {{placeholders}}, gives offer templates an offer block, and only them", async () => {
    // The templates table as it was before 0016, holding rows written then.
    await test.db.execute(sql`alter table templates drop constraint templates_offer_only_on_offers`);
    await test.db.execute(sql`alter table templates drop constraint templates_sms_fields_only_on_sms`);
    await test.db.execute(sql`alter table templates drop column offer`);
    await test.db.execute(sql`
      insert into templates (kind, title, content) values
        ('post', 'Old post', 'Visit {business} in {city}. Owner {name} says hi.'),
        ('offer', 'Old offer', '20% off at {business}! #sale'),
        ('sms', 'Old sms', 'Hi {name}, new stock at {business}.'),
        ('post', 'Already new', 'Welcome to {{businessName}} in {{city}}')`);

    const migration = readFileSync(path.join(migrationsFolder, "0016_templates_offers.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await test.db.execute(sql.raw(statement));

    const byTitle = Object.fromEntries((await rows(sql`select title, kind, content, offer from templates`)).map((row) => [row.title, row]));
    expect(byTitle["Old post"].content).toBe("Visit {{businessName}} in {{city}}. Owner {{name}} says hi.");
    expect(byTitle["Old offer"].content).toBe("20% off at {{businessName}}! #sale");
    expect(byTitle["Old sms"].content).toBe("Hi {{customerName}}, new stock at {{businessName}}.");
    expect(byTitle["Already new"].content).toBe("Welcome to {{businessName}} in {{city}}");
    expect(byTitle["Old offer"].offer).toEqual({ title: "Old offer", couponCode: null, terms: null, validDays: 7, callToAction: "call" });
    expect(byTitle["Old post"].offer).toBeNull();

    // From now on an offer template carries its offer block, and nothing else does.
    await expect(test.db.execute(sql`insert into templates (kind, title, content) values ('offer', 'No block', 'x')`)).rejects.toThrow();
    await expect(
      test.db.execute(sql`insert into templates (kind, title, content, offer) values ('post', 'Stray block', 'x', '{"title":"x"}'::jsonb)`),
    ).rejects.toThrow();
  });
});

describe("migration 0021 (SMS templates become DLT templates)", () => {
  it("turns {{placeholders}} into {#var#} slots with their hints, numbers a DLT id each and adds the opt-out line once", async () => {
    // SMS templates as they were before 0021.
    await test.db.execute(sql`delete from templates where kind = 'sms'`);
    await test.db.execute(sql`alter table templates drop constraint if exists templates_sms_fields_only_on_sms`);
    await test.db.execute(sql`
      insert into templates (kind, title, content, sort_order) values
        ('sms', 'Sale', 'Hi {{customerName}}, sale at {{businessName}} today!', 1),
        ('sms', 'Event', 'Hi {{customerName}}, see you Saturday. Reply STOP to opt out.', 2)`);

    const migration = readFileSync(path.join(migrationsFolder, "0021_sms_campaigns.sql"), "utf8");
    const conversion = migration.split("--> statement-breakpoint").find((statement) => statement.includes('UPDATE "templates"'));
    await test.db.execute(sql.raw(conversion!));

    const result = await test.db.execute(
      sql`select title, content, slot_hints, sms_category, dlt_template_id from templates where kind = 'sms' order by sort_order`,
    );
    const converted = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, unknown>>;
    expect(converted).toEqual([
      {
        title: "Sale",
        content: "Hi {#var#}, sale at {#var#} today! Reply STOP to opt out.",
        slot_hints: ["Customer name", "Business name"],
        sms_category: "promotional",
        dlt_template_id: "1107172600000000001",
      },
      {
        title: "Event",
        content: "Hi {#var#}, see you Saturday. Reply STOP to opt out.",
        slot_hints: ["Customer name"],
        sms_category: "promotional",
        dlt_template_id: "1107172600000000002",
      },
    ]);
    // From now on every SMS template carries its DLT registration.
    await test.db.execute(
      sql.raw(migration.split("--> statement-breakpoint").find((statement) => statement.includes('"templates_sms_fields_only_on_sms"'))!),
    );
    await expect(test.db.execute(sql`insert into templates (kind, title, content) values ('sms', 'No DLT', 'Hi')`)).rejects.toThrow();
  });
});
