import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { makeUser } from "~/db/seed/factories.server";
import { creditLedger, users } from "~/db/schema";
import { chargeCredits, grantCredits, type CreditChange } from "~/models/credits.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

const charge = (change: CreditChange) => test.db.transaction((tx) => chargeCredits(tx, change));
const grant = (change: CreditChange) => test.db.transaction((tx) => grantCredits(tx, change));

async function balanceOf(userId: string) {
  const [row] = await test.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row.balance;
}

async function ledgerOf(userId: string) {
  return test.db
    .select({
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      reason: creditLedger.reason,
      reference: creditLedger.reference,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.balanceAfter));
}

/** The ledger adds up to the balance: the invariant every change keeps. */
async function expectLedgerMatchesBalance(userId: string) {
  const rows = await ledgerOf(userId);
  expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(await balanceOf(userId));
}

describe("the credits model", () => {
  it("a verified account opens with 100 credits and its ledger row, referenced by the account (once per account)", async () => {
    const user = await makeUser();
    expect(await balanceOf(user.id)).toBe(100);
    expect(await ledgerOf(user.id)).toEqual([{ amount: 100, balanceAfter: 100, reason: "opening_balance", reference: user.id }]);
  });

  it("an account whose email is not verified has no credits and no ledger row", async () => {
    const user = await makeUser({ verified: false });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("a grant adds credits with its ledger row", async () => {
    const user = await makeUser();
    expect(await grant({ userId: user.id, amount: 50, reason: "admin_adjustment", reference: "welcome-bonus" })).toEqual({
      ok: true,
      balance: 150,
      repeated: false,
    });
    expect(await balanceOf(user.id)).toBe(150);
    expect((await ledgerOf(user.id)).at(-1)).toEqual({
      amount: 50,
      balanceAfter: 150,
      reason: "admin_adjustment",
      reference: "welcome-bonus",
    });
    await expectLedgerMatchesBalance(user.id);
  });

  it("a charge spends credits with its ledger row", async () => {
    const user = await makeUser();
    expect(await charge({ userId: user.id, amount: 30, reason: "sms", reference: "campaign-1" })).toEqual({
      ok: true,
      balance: 70,
      repeated: false,
    });
    expect(await balanceOf(user.id)).toBe(70);
    expect(await ledgerOf(user.id)).toContainEqual({ amount: -30, balanceAfter: 70, reason: "sms", reference: "campaign-1" });
    await expectLedgerMatchesBalance(user.id);
  });

  it("a charge the balance does not cover is refused as a value and changes nothing", async () => {
    const user = await makeUser({ balance: 20 });
    const before = await ledgerOf(user.id);
    expect(await charge({ userId: user.id, amount: 21, reason: "post" })).toEqual({
      ok: false,
      reason: "insufficient_balance",
      balance: 20,
    });
    expect(await balanceOf(user.id)).toBe(20);
    expect(await ledgerOf(user.id)).toEqual(before);
    // Exactly the balance is covered, down to 0 and never below.
    expect(await charge({ userId: user.id, amount: 20, reason: "post" })).toMatchObject({ ok: true, balance: 0 });
    expect(await charge({ userId: user.id, amount: 1, reason: "post" })).toEqual({ ok: false, reason: "insufficient_balance", balance: 0 });
    await expectLedgerMatchesBalance(user.id);
  });

  it("refuses amounts that are not positive whole numbers", async () => {
    const user = await makeUser();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(charge({ userId: user.id, amount, reason: "post" })).rejects.toThrow(RangeError);
      await expect(grant({ userId: user.id, amount, reason: "refund" })).rejects.toThrow(RangeError);
    }
    expect(await balanceOf(user.id)).toBe(100);
  });

  it("10 charges of 30 at once on 100 credits: exactly 3 succeed, 10 remain, never below 0", async () => {
    const user = await makeUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => charge({ userId: user.id, amount: 30, reason: "sms", reference: `parallel-${index}` })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok)).toHaveLength(7);
    expect(await balanceOf(user.id)).toBe(10);
    expect((await ledgerOf(user.id)).filter((row) => row.reason === "sms").map((row) => row.balanceAfter)).toEqual([10, 40, 70]);
    await expectLedgerMatchesBalance(user.id);
  });

  it("a retried charge with the same reference charges once, also when the retries race", async () => {
    const user = await makeUser();
    const change: CreditChange = { userId: user.id, amount: 10, reason: "post", reference: "post-42" };
    expect(await charge(change)).toEqual({ ok: true, balance: 90, repeated: false });
    expect(await charge(change)).toEqual({ ok: true, balance: 90, repeated: true });

    const racing: CreditChange = { ...change, reference: "post-43" };
    const results = await Promise.all(Array.from({ length: 5 }, () => charge(racing)));
    expect(results.filter((result) => result.ok && !result.repeated)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(80);
    // The same reference for another reason (its refund) is another change.
    expect(await grant({ ...change, reason: "refund" })).toEqual({ ok: true, balance: 90, repeated: false });
    expect(await grant({ ...change, reason: "refund" })).toEqual({ ok: true, balance: 90, repeated: true });
    await expectLedgerMatchesBalance(user.id);
  });

  it("a charge is undone with the transaction it belongs to", async () => {
    const user = await makeUser();
    await expect(
      test.db.transaction(async (tx) => {
        await chargeCredits(tx, { userId: user.id, amount: 40, reason: "campaign" });
        throw new Error("sending failed");
      }),
    ).rejects.toThrow("sending failed");
    expect(await balanceOf(user.id)).toBe(100);
    await expectLedgerMatchesBalance(user.id);
  });

  it("the database refuses a negative balance whatever writes it", async () => {
    const user = await makeUser();
    await expect(
      test.db
        .update(users)
        .set({ balance: sql`${users.balance} - 101` })
        .where(eq(users.id, user.id)),
    ).rejects.toThrow();
    expect(await balanceOf(user.id)).toBe(100);
  });
});
