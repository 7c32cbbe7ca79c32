import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { signInFailures } from "~/db/schema";
import { tooManyAttempts } from "~/lib/too-many-attempts";
import { action as adminLoginAction } from "~/routes/admin_+/login";
import { action as tokenAction } from "~/routes/api+/auth.token";

import { PASSWORD, createUser, submitLogin, uniqueEmail } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, call, formErrors, freshIp, jsonPost, type Reply } from "../support/http";

const test = setupTestDatabase();

// The clock stands still unless a test moves it (only Date: the database's timers run on).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});
const wait = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

/** The three doors a password comes in by, from one client address. */
const doors = {
  "/auth": (ip: string, email: string, password: string) => submitLogin(new Browser(ip), email, password),
  "/admin/login": (ip: string, email: string, password: string) =>
    new Browser(ip).submit(adminLoginAction, "/admin/login", { email, password }),
  "/api/auth/token": (ip: string, email: string, password: string) =>
    call(tokenAction, jsonPost("/api/auth/token", { email, password }, { ip })),
};
const signIn = (ip: string, email: string, password = PASSWORD) => doors["/auth"](ip, email, password);

/** What a refused client is told: the status, Retry-After and the one message (the form's, or the API's JSON). */
function told(reply: Reply) {
  const message = formErrors(reply)?.[""]?.[0] ?? (reply.data as { message?: string } | null)?.message;
  return { status: reply.status, retryAfter: reply.headers.get("Retry-After"), message };
}
const waitFor = (retryAfter: string, words: string) => ({
  status: 429,
  retryAfter,
  message: `Too many attempts. Please wait ${words} and try again.`,
});

async function failuresOf(email: string, source?: string) {
  const rows = await test.db
    .select()
    .from(signInFailures)
    .where(and(eq(signInFailures.accountKey, email), source ? eq(signInFailures.source, source) : undefined));
  return rows.reduce((total, row) => total + row.failures, 0);
}

async function failFiveTimes(ip: string, email: string) {
  for (let attempt = 1; attempt <= 5; attempt++) expect((await signIn(ip, email, `wrong-${attempt}`)).status).toBe(401);
}

describe("wrong passwords slow down the source that sends them, not the account", () => {
  it("after five failures a source waits 30 s, then 1 min, then 2 min, told truly; the owner elsewhere signs in all along", async () => {
    const user = await createUser();
    const attacker = freshIp();
    await failFiveTimes(attacker, user.email);

    expect(told(await signIn(attacker, user.email))).toEqual(waitFor("30", "30 seconds"));
    expect(await signIn(freshIp(), user.email)).toMatchObject({ status: 302, location: "/app" });
    wait(29);
    expect(told(await signIn(attacker, user.email))).toEqual(waitFor("1", "1 second"));

    wait(1);
    expect((await signIn(attacker, user.email, "wrong-6")).status).toBe(401);
    expect(told(await signIn(attacker, user.email))).toEqual(waitFor("60", "1 minute"));
    wait(60);
    expect((await signIn(attacker, user.email, "wrong-7")).status).toBe(401);
    expect(told(await signIn(attacker, user.email))).toEqual(waitFor("120", "2 minutes"));
    expect(await failuresOf(user.email)).toBe(7);

    // Its right password after the wait signs in and wipes the source's count: five failures are free again.
    wait(120);
    expect(await signIn(attacker, user.email)).toMatchObject({ status: 302, location: "/app" });
    expect(await failuresOf(user.email)).toBe(0);
    await failFiveTimes(attacker, user.email);
  });

  it("holds a waiting source at every door: the web form, the admin login and the API", async () => {
    const user = await createUser();
    const attacker = freshIp();
    await failFiveTimes(attacker, user.email);
    for (const door of Object.values(doors)) {
      expect(told(await door(attacker, user.email, PASSWORD))).toEqual(waitFor("30", "30 seconds"));
    }
  });

  it("110 wrong passwords from 11 addresses leave the owner free to sign in, on the web and by the API", async () => {
    const user = await createUser();
    for (let address = 1; address <= 11; address++) {
      const attacker = freshIp();
      const statuses = [];
      for (let attempt = 1; attempt <= 10; attempt++) statuses.push((await signIn(attacker, user.email, `wrong-${attempt}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    }
    expect(await signIn(freshIp(), user.email)).toMatchObject({ status: 302, location: "/app" });
    expect((await doors["/api/auth/token"](freshIp(), user.email, PASSWORD)).status).toBe(200);
  });

  it("once an account has 100 failures within the hour, a source that has failed waits from its first failure; one that has not signs in", async () => {
    const user = await createUser();
    const lastFailedAt = new Date(Date.now() - 10 * 60_000);
    await test.db
      .insert(signInFailures)
      .values(
        Array.from({ length: 25 }, (_, index) => ({ accountKey: user.email, source: `198.51.100.${index}`, failures: 4, lastFailedAt })),
      );

    const attacker = freshIp();
    expect((await signIn(attacker, user.email, "wrong-1")).status).toBe(401);
    expect(told(await signIn(attacker, user.email))).toEqual(waitFor("30", "30 seconds"));
    expect(await signIn(freshIp(), user.email)).toMatchObject({ status: 302, location: "/app" });

    // An hour after those failures the account is no longer under attack: one failure costs nothing.
    wait(60 * 60);
    const next = freshIp();
    expect((await signIn(next, user.email, "wrong-1")).status).toBe(401);
    expect(await signIn(next, user.email)).toMatchObject({ status: 302, location: "/app" });
  });

  it("counts an IPv6 client by its /64: another address in it waits too, another /64 does not", async () => {
    const user = await createUser();
    for (const host of ["a", "b", "c", "d", "e"]) {
      expect((await signIn(`2001:db8:1:2::${host}`, user.email, `wrong-${host}`)).status).toBe(401);
    }
    expect(told(await signIn("2001:db8:1:2:ffff::1", user.email))).toEqual(waitFor("30", "30 seconds"));
    expect(await signIn("2001:db8:1:3::a", user.email)).toMatchObject({ status: 302, location: "/app" });
    expect(await failuresOf(user.email, "2001:db8:1:2::/64")).toBe(5);
  });

  it("counts ten wrong passwords sent at once, from ten addresses or from one", async () => {
    const user = await createUser();
    const fromTen = await Promise.all(Array.from({ length: 10 }, (_, attempt) => signIn(freshIp(), user.email, `wrong-${attempt}`)));
    expect(fromTen.map((reply) => reply.status)).toEqual(Array(10).fill(401));
    expect(await failuresOf(user.email)).toBe(10);

    // From one address: five get their answer, the other five must wait, none slips past the count.
    const other = await createUser();
    const attacker = freshIp();
    const fromOne = await Promise.all(Array.from({ length: 10 }, (_, attempt) => signIn(attacker, other.email, `wrong-${attempt}`)));
    expect(fromOne.map((reply) => reply.status).sort()).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    expect(await failuresOf(other.email, attacker)).toBe(5);
  });
});

describe("attempts per address, all doors together", () => {
  it("refuses the 11th password attempt a minute from one address, whichever door, with its true wait; another address is unaffected", async () => {
    const user = await createUser();
    const address = freshIp();
    const statuses = [];
    for (const [door, times] of [
      ["/auth", 4],
      ["/admin/login", 3],
      ["/api/auth/token", 3],
    ] as const) {
      for (let attempt = 1; attempt <= times; attempt++)
        statuses.push((await doors[door](address, uniqueEmail("nobody"), "wrong-password")).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));

    // Even the right password, from the address with a proxy chain after it, is refused now, at any door.
    const eleventh = await signIn(`${address}, 10.9.9.9`, user.email);
    const retryAfter = eleventh.headers.get("Retry-After")!;
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(told(eleventh)).toEqual({ status: 429, retryAfter, message: tooManyAttempts(Number(retryAfter)) });
    expect(await signIn(freshIp(), user.email)).toMatchObject({ status: 302, location: "/app" });

    // Retry-After is the real wait: the next try after it is let through.
    wait(Number(retryAfter));
    expect((await doors["/api/auth/token"](address, user.email, PASSWORD)).status).toBe(200);
  });

  it("counts an IPv6 client's addresses together, by their /64", async () => {
    const user = await createUser();
    for (let host = 1; host <= 10; host++) {
      expect((await signIn(`2001:db8:9:9::${host.toString(16)}`, uniqueEmail("nobody"), "wrong-password")).status).toBe(401);
    }
    expect((await signIn("2001:db8:9:9:1:2:3:4", user.email)).status).toBe(429);
    expect((await signIn("2001:db8:9:a::1", user.email)).status).toBe(302);
  });
});
