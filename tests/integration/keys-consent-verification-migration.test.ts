import { readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { migrationsFolder } from "~/db/migrate.server";
import { findEarlierRequest } from "~/models/idempotency.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await test.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

describe("migration 0017 (idempotency keys, consent history, email verification)", () => {
  it("carries over the last day's post keys, every contact's consent, the accounts as verified and their opening balance's reference", async () => {
    // The tables as they were before 0017, holding rows written then.
    await test.db.execute(sql`drop table idempotency_keys`);
    await test.db.execute(sql`drop table contact_consent_events`);
    await test.db.execute(sql`drop table email_verification_tokens`);
    await test.db.execute(sql`alter table users drop column email_verified_at`);
    await test.db.execute(sql`alter table uploads drop column source_sha256`);
    await test.db.execute(sql`alter table posts add column idempotency_key text`);
    await test.db.execute(
      sql`create unique index posts_user_id_idempotency_key_key on posts (user_id, idempotency_key) where idempotency_key is not null`,
    );

    const [owner] = await rows<{ id: string }>(sql`
      insert into users (email, name, balance, created_at) values ('old-owner@example.in', 'Asha', 100, '2026-01-05T10:00:00Z') returning id`);
    await test.db.execute(sql`
      insert into credit_ledger (user_id, amount, balance_after, reason) values (${owner.id}, 100, 100, 'opening_balance')`);
    const [recent, old] = await rows<{ id: string }>(sql`
      insert into posts (user_id, content, idempotency_key, updated_at) values
        (${owner.id}, 'Made an hour ago', 'recent-key-1', now() - interval '1 hour'),
        (${owner.id}, 'Made two days ago', 'old-key-22', now() - interval '2 days')
      returning id`);
    const [optedOut, optedIn] = await rows<{ id: string }>(sql`
      insert into contacts (user_id, name, mobile_number, can_get_sms, opted_out, consent_source, consent_at, created_at) values
        (${owner.id}, 'Ravi', '+919812345678', true, true, 'Asked to stop', '2026-03-01T08:00:00Z', '2026-02-01T08:00:00Z'),
        (${owner.id}, 'Meena', '+919812345679', true, false, null, null, '2026-02-02T08:00:00Z')
      returning id`);

    const migration = readFileSync(path.join(migrationsFolder, "0017_hostile_input_keys_consent_verification.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await test.db.execute(sql.raw(statement));

    expect(await rows(sql`select request, key, request_hash, resource_id from idempotency_keys`)).toEqual([
      { request: "post", key: "recent-key-1", request_hash: "", resource_id: recent.id },
    ]);
    expect(old.id).toBeTruthy();
    expect(
      await rows(sql`select column_name from information_schema.columns where table_name = 'posts' and column_name = 'idempotency_key'`),
    ).toEqual([]);
    // A key carried over has no request hash: any request with it is its repeat, and gets the post it made.
    const earlier = await db().transaction((tx) =>
      findEarlierRequest(tx, { userId: owner.id, request: "post", key: "recent-key-1" }, "any-request-now"),
    );
    expect(earlier).toEqual({ sameRequest: true, resourceId: recent.id });

    const history = await rows<{ contact_id: string; state: string; source: string | null; channel: string; created_at: unknown }>(
      sql`select contact_id, state, source, channel, created_at from contact_consent_events order by created_at`,
    );
    expect(history.map(({ created_at, ...event }) => ({ ...event, at: new Date(String(created_at)).toISOString() }))).toEqual([
      { contact_id: optedIn.id, state: "opted_in", source: null, channel: "carried_over", at: "2026-02-02T08:00:00.000Z" },
      { contact_id: optedOut.id, state: "opted_out", source: "Asked to stop", channel: "carried_over", at: "2026-03-01T08:00:00.000Z" },
    ]);

    const [account] = await rows<{ email_verified_at: unknown }>(sql`select email_verified_at from users where id = ${owner.id}`);
    expect(new Date(String(account.email_verified_at)).toISOString()).toBe("2026-01-05T10:00:00.000Z");
    expect(await rows(sql`select reference from credit_ledger where user_id = ${owner.id}`)).toEqual([{ reference: owner.id }]);
  });
});
