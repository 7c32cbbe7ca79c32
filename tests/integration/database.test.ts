import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { openPostgres } from "~/db/client.server";
import { useDatabase } from "~/db/db.server";
import { users } from "~/db/schema";
import { checkDatabase } from "~/models/health.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows;
}

describe("the migrated schema", () => {
  it("has the geo and trigram extensions working", async () => {
    const [row] = rowsOf(
      await test.db.execute(
        sql`select round(earth_distance(ll_to_earth(12.9716, 77.5946), ll_to_earth(19.0760, 72.8777)) / 1000) as km,
                   similarity('koramangala', 'koramangla') > 0.4 as similar`,
      ),
    );
    expect(Number(row.km)).toBeGreaterThan(830);
    expect(Number(row.km)).toBeLessThan(860);
    expect(row.similar).toBe(true);
  });

  it("gives rows opaque uuid ids", async () => {
    const [user] = await test.db.insert(users).values({ email: "a@example.in", name: "Anita" }).returning();
    expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A balance comes only with its ledger rows (the credits model), so a bare row starts at 0.
    expect(user.balance).toBe(0);
    expect(user.businessName).toBe("My Business");
  });

  it("refuses a negative balance and an upper-case email, leaving nothing behind", async () => {
    await expect(test.db.insert(users).values({ email: "b@example.in", name: "B", balance: -1 })).rejects.toThrow();
    await expect(test.db.insert(users).values({ email: "C@example.in", name: "C" })).rejects.toThrow();
    const rows = rowsOf(
      await test.db.execute(sql`select email from users where email in ('b@example.in', 'c@example.in', 'C@example.in')`),
    );
    expect(rows).toHaveLength(0);
  });

  it("rolls a failed transaction back whole", async () => {
    await expect(
      test.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: "d@example.in", name: "D" });
        await tx.insert(users).values({ email: "d@example.in", name: "D again" });
      }),
    ).rejects.toThrow();
    const rows = rowsOf(await test.db.execute(sql`select 1 from users where email = 'd@example.in'`));
    expect(rows).toHaveLength(0);
  });
});

describe("health check", () => {
  it("reports ok when the database answers", async () => {
    expect(await checkDatabase()).toEqual({ ok: true });
  });

  it("reports the reason when the database is unreachable", async () => {
    const unreachable = openPostgres("postgres://postgres@127.0.0.1:1/none", { max: 1 });
    useDatabase(unreachable);
    try {
      const status = await checkDatabase();
      expect(status.ok).toBe(false);
      expect(status.ok === false && status.message).toMatch(/^Database unavailable: connection refused/);
    } finally {
      useDatabase(test.handle);
      await unreachable.close();
    }
  });
});
