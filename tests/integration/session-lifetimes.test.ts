import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { sessions } from "~/db/schema";
import { loader as adminLayoutLoader } from "~/routes/admin+/_layout";

import { createUser, designatedAdmin, guardRedirect, signedInSession } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, call, getRequest } from "../support/http";

const test = setupTestDatabase();
const MINUTE = 60_000;
const DAY = 86_400_000;

/** As if the session had been made `interval` ago and not used since: every time on it moves back. */
async function ageSession(id: string, interval: string) {
  await test.db
    .update(sessions)
    .set({
      createdAt: sql`${sessions.createdAt} - ${interval}::interval`,
      lastSeenAt: sql`${sessions.lastSeenAt} - ${interval}::interval`,
      expiresAt: sql`${sessions.expiresAt} - ${interval}::interval`,
      absoluteExpiresAt: sql`${sessions.absoluteExpiresAt} - ${interval}::interval`,
    })
    .where(eq(sessions.id, id));
}

/** As if the session had been used `ago` and its idle end moved to `idleEnd` from now, as a use without an absolute end would. */
async function lastUsed(id: string, ago: string, idleEnd: string) {
  await test.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - ${ago}::interval`, expiresAt: sql`now() + ${idleEnd}::interval` })
    .where(eq(sessions.id, id));
}

async function sessionRow(id: string) {
  const [row] = await test.db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

const lets = async (cookie: string) => (await guardRedirect(new Browser().request("/app", { cookie }))) === null;
const letsAdmin = async (cookie: string) => (await call(adminLayoutLoader, getRequest("/admin", { cookie }))).status === 200;

describe("a business session", () => {
  it("ends 30 days after sign-in however recently it was used, and its cookie says so", async () => {
    const user = await createUser();
    const month = await signedInSession(user.id);
    expect(month.setCookie).toMatch(/; Max-Age=2592000;/);
    const row = await sessionRow(month.id);
    expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(30 * DAY - MINUTE);
    expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBeLessThan(30 * DAY + MINUTE);

    const longAgo = await signedInSession(user.id);
    const almost = await signedInSession(user.id);
    await ageSession(month.id, "31 days");
    await ageSession(longAgo.id, "400 days");
    await ageSession(almost.id, "29 days");
    for (const { id } of [month, longAgo, almost]) await lastUsed(id, "1 day", "13 days");

    expect(await lets(month.cookie)).toBe(false);
    expect(await lets(longAgo.cookie)).toBe(false);
    expect(await lets(almost.cookie)).toBe(true);
  });

  it("in use, is extended by SESSION_IDLE_DAYS up to its absolute end, never past it", async () => {
    const user = await createUser();
    const fresh = await signedInSession(user.id);
    const old = await signedInSession(user.id);
    await ageSession(fresh.id, "1 day");
    await ageSession(old.id, "20 days");
    await lastUsed(old.id, "2 hours", "1 day");

    expect(await lets(fresh.cookie)).toBe(true);
    expect(await lets(old.cookie)).toBe(true);
    const extended = await sessionRow(fresh.id);
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + 14 * DAY - MINUTE);
    const capped = await sessionRow(old.id);
    expect(capped.expiresAt.getTime()).toBe(capped.absoluteExpiresAt.getTime());
    expect(capped.expiresAt.getTime()).toBeLessThan(Date.now() + 10 * DAY + MINUTE);
    expect(capped.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - MINUTE);
  });
});

describe("the admin's session", () => {
  it("ends 12 hours after sign-in however recently it was used, and its cookie says so", async () => {
    const admin = await designatedAdmin();
    const expired = await signedInSession(admin.id);
    expect(expired.setCookie).toMatch(/; Max-Age=43200;/);
    const almost = await signedInSession(admin.id);
    await ageSession(expired.id, "13 hours");
    await ageSession(almost.id, "11 hours");
    for (const { id } of [expired, almost]) await lastUsed(id, "1 minute", "29 minutes");

    expect(await letsAdmin(expired.cookie)).toBe(false);
    expect(await letsAdmin(almost.cookie)).toBe(true);
  });

  it("ends after 30 minutes unused; in use it is extended by 30 minutes at a time", async () => {
    const admin = await designatedAdmin();
    const idle = await signedInSession(admin.id);
    const busy = await signedInSession(admin.id);
    await ageSession(idle.id, "31 minutes");
    await ageSession(busy.id, "29 minutes");

    expect(await letsAdmin(idle.cookie)).toBe(false);
    expect(await letsAdmin(busy.cookie)).toBe(true);
    const extended = await sessionRow(busy.id);
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * MINUTE);
    expect(extended.expiresAt.getTime()).toBeLessThan(Date.now() + 31 * MINUTE);
  });
});
