import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { openPostgres, type DatabaseHandle } from "~/db/client.server";
import { useDatabase } from "~/db/db.server";
import {
  CONSENT_CHANNELS,
  CONTACT_IMPORT_STATUSES,
  CREDIT_ORDER_STATUSES,
  IDEMPOTENT_REQUESTS,
  LEDGER_REASONS,
  POST_KINDS,
  POST_STATUSES,
  TEMPLATE_KINDS,
  TEST_PAYMENT_LINK_STATUSES,
  USER_ROLES,
  USER_STATUSES,
  users,
} from "~/db/schema";
import { CONSENT_STATES } from "~/lib/schemas/contacts";
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

  it("holds in each status, role, reason and kind column only the values the code knows", async () => {
    const lists: Record<string, readonly string[]> = {
      users_role_check: USER_ROLES,
      users_status_check: USER_STATUSES,
      credit_ledger_reason_check: LEDGER_REASONS,
      credit_orders_status_check: CREDIT_ORDER_STATUSES,
      idempotency_keys_request_check: IDEMPOTENT_REQUESTS,
      test_payment_links_status_check: TEST_PAYMENT_LINK_STATUSES,
      posts_kind_check: POST_KINDS,
      posts_status_check: POST_STATUSES,
      contact_consent_events_state_check: CONSENT_STATES,
      contact_consent_events_channel_check: CONSENT_CHANNELS,
      contact_imports_status_check: CONTACT_IMPORT_STATUSES,
      templates_kind_check: TEMPLATE_KINDS,
    };
    const rows = rowsOf(
      await test.db.execute(
        sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint
            where contype = 'c' and conname in ${Object.keys(lists)}`,
      ),
    );
    const allowed = Object.fromEntries(
      rows.map((row) => [row.conname, [...String(row.definition).matchAll(/'([^']*)'/g)].map((match) => match[1])]),
    );
    expect(allowed).toEqual(Object.fromEntries(Object.entries(lists).map(([name, values]) => [name, [...values]])));
    const [user] = await test.db.insert(users).values({ email: "e@example.in", name: "E" }).returning();
    await expect(test.db.execute(sql`update users set status = 'banned' where id = ${user.id}`)).rejects.toThrow();
    await expect(
      test.db.execute(sql`insert into posts (user_id, content, status) values (${user.id}, 'Hello', 'ended')`),
    ).rejects.toThrow();
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

/** The test database, counting the statements run through `execute` (the health check's `select 1`). */
function countingExecutes(handle: DatabaseHandle): { handle: DatabaseHandle; count: () => number } {
  let executed = 0;
  const db = new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return (...args: Parameters<typeof target.execute>) => {
        executed++;
        return target.execute(...args);
      };
    },
  });
  return { handle: { ...handle, db }, count: () => executed };
}

describe("health check", () => {
  afterEach(() => {
    vi.useRealTimers();
    useDatabase(test.handle);
  });

  it("reports ok when the database answers", async () => {
    expect(await checkDatabase()).toEqual({ ok: true });
  });

  it("asks the database once for checks that come together, and again once its ok is a second old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const counting = countingExecutes(test.handle);
    useDatabase(counting.handle);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => checkDatabase()));
    expect(statuses).toEqual(Array.from({ length: 20 }, () => ({ ok: true })));
    expect(await checkDatabase()).toEqual({ ok: true });
    expect(counting.count()).toBe(1);
    vi.setSystemTime(Date.now() + 1_001);
    expect(await checkDatabase()).toEqual({ ok: true });
    expect(counting.count()).toBe(2);
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
