/**
 * The contacts list at scale: one business with N contacts (default 10,000) beside 50 other
 * businesses with as many again, then the real listContacts (app/models/contacts.server.ts) for the
 * first page, a middle page, the last page, a name search and a group filter. Prints p50/p95/p99 in
 * ms per scenario. Runs on a fresh in-memory PGlite (the embedded default) unless DATABASE_URL
 * names a local PostgreSQL database, which it fills (use an empty one).
 *
 *   npx tsx bench/contacts-list.ts                       # PGlite in memory
 *   createdb -h 127.0.0.1 -U postgres bench_contacts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_contacts npx tsx bench/contacts-list.ts
 *
 * Flags: --contacts N (10000)  --iterations N (200)
 */
import { sql } from "drizzle-orm";

import { openPglite, type DatabaseHandle } from "~/db/client.server";
import { useDatabase } from "~/db/db.server";
import { migrateDatabase } from "~/db/migrate.server";
import { makeUser } from "~/db/seed/factories.server";
import { CONTACTS_PAGE_SIZE, type ContactListQuery } from "~/lib/schemas/contacts";
import { listContacts } from "~/models/contacts.server";

import { formatMs, intFlag, openTarget, parseFlags, percentile, printTable } from "./lib";

const flags = parseFlags();
const contactCount = intFlag(flags, "contacts", 10_000);
const iterations = intFlag(flags, "iterations", 200);

const handle: DatabaseHandle = process.env.DATABASE_URL ? openTarget(flags) : openPglite({});
useDatabase(handle);
await migrateDatabase(handle);

/** N contacts of one business in one INSERT … SELECT: names, +91 numbers, a group on every third. */
async function fillContacts(userId: string, count: number, offset: number) {
  await handle.db.execute(sql`
    insert into contacts (user_id, name, mobile_number, tags, created_at)
    select ${userId}::uuid, 'Customer ' || n, '+919' || lpad((${offset} + n)::text, 9, '0'),
           case when n % 3 = 0 then array['Regulars'] else '{}'::text[] end,
           now() - (n || ' minutes')::interval
    from generate_series(1, ${count}) as n`);
}

const started = Date.now();
const business = await makeUser({ email: "bench-owner@example.in" });
await fillContacts(business.id, contactCount, 0);
for (let other = 1; other <= 50; other++) {
  const neighbour = await makeUser({ email: `bench-neighbour-${other}@example.in` });
  await fillContacts(neighbour.id, Math.ceil(contactCount / 50), other * 1_000_000);
}
await handle.db.execute(sql`analyze contacts`);
console.log(
  `${contactCount} contacts for the business, ${contactCount} more for 50 others, in ${formatMs(Date.now() - started)} ms (${handle.kind})`,
);

const lastPage = Math.ceil(contactCount / CONTACTS_PAGE_SIZE);
const scenarios: Array<[string, ContactListQuery]> = [
  ["first page", { page: 1 }],
  [`middle page (${Math.ceil(lastPage / 2)})`, { page: Math.ceil(lastPage / 2) }],
  [`last page (${lastPage})`, { page: lastPage }],
  ["search a name", { q: "Customer 4242", page: 1 }],
  ["search mobile digits, no match", { q: "98765", page: 1 }],
  ["group filter, page 2", { tag: "Regulars", page: 2 }],
];

const rows: Array<Array<string | number>> = [];
for (const [name, query] of scenarios) {
  for (let warm = 0; warm < 10; warm++) await listContacts(business.id, query);
  const times: number[] = [];
  let shown = 0;
  for (let run = 0; run < iterations; run++) {
    const start = performance.now();
    const page = await listContacts(business.id, query);
    times.push(performance.now() - start);
    shown = page.contacts.length;
  }
  times.sort((a, b) => a - b);
  rows.push([name, formatMs(percentile(times, 50)), formatMs(percentile(times, 95)), formatMs(percentile(times, 99)), shown]);
}
printTable(["scenario", "p50 ms", "p95 ms", "p99 ms", "rows"], rows);
await handle.close();
