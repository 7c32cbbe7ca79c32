import { and, eq, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { creditLedger, LEDGER_REASONS, users } from "~/db/schema";

/**
 * The only code that changes a balance. Every change is one credit_ledger row
 * written in the caller's transaction, beside whatever the credits pay for, so
 * both commit or neither does; the ledger rows of an account always add up to
 * its balance.
 */

export type LedgerReason = (typeof LEDGER_REASONS)[number];

export type CreditChange = {
  userId: string;
  /** Credits, a positive whole number. */
  amount: number;
  reason: LedgerReason;
  /**
   * What the credits paid for or came from (a post, a campaign, ...). It is
   * also the idempotency key: one account's change for the same reason and
   * reference is made once, however often it is asked for. Null: no key.
   */
  reference?: string | null;
};

/** A change made (or made before, `repeated`), with the balance after it. */
export type CreditApplied = { ok: true; balance: number; repeated: boolean };
/** A charge the balance does not cover: nothing changed. */
export type CreditRefused = { ok: false; reason: "insufficient_balance"; balance: number };

/** Adds credits (an opening balance, a purchase, a refund, an admin's adjustment). */
export async function grantCredits(tx: Transaction, change: CreditChange): Promise<CreditApplied> {
  assertAmount(change.amount);
  const earlier = await earlierChange(tx, change);
  if (earlier) return earlier;
  const [row] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${change.amount}` })
    .where(eq(users.id, change.userId))
    .returning({ balance: users.balance });
  if (!row) throw new Error(`No account ${change.userId} to grant credits to`);
  await record(tx, change, change.amount, row.balance);
  return { ok: true, balance: row.balance, repeated: false };
}

/**
 * Spends credits when the balance covers them: one conditional update (the row
 * lock it takes makes concurrent charges wait their turn, and each sees the
 * balance the previous one left), then its ledger row. A balance too small is
 * an answer, not an error, and changes nothing.
 */
export async function chargeCredits(tx: Transaction, change: CreditChange): Promise<CreditApplied | CreditRefused> {
  assertAmount(change.amount);
  const earlier = await earlierChange(tx, change);
  if (earlier) return earlier;
  const [row] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} - ${change.amount}` })
    .where(and(eq(users.id, change.userId), sql`${users.balance} >= ${change.amount}`))
    .returning({ balance: users.balance });
  if (!row) {
    const [account] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, change.userId));
    if (!account) throw new Error(`No account ${change.userId} to charge`);
    return { ok: false, reason: "insufficient_balance", balance: account.balance };
  }
  await record(tx, change, -change.amount, row.balance);
  return { ok: true, balance: row.balance, repeated: false };
}

function assertAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`A credit change is a positive whole number, not ${amount}`);
}

/**
 * With a reference: the account's row is locked first, so two requests with
 * the same key are taken one after the other, and the second finds the first's
 * ledger row (the unique index on the key is the backstop).
 */
async function earlierChange(tx: Transaction, change: CreditChange): Promise<CreditApplied | null> {
  if (!change.reference) return null;
  const [account] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, change.userId)).for("update");
  if (!account) return null;
  const [earlier] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(eq(creditLedger.userId, change.userId), eq(creditLedger.reason, change.reason), eq(creditLedger.reference, change.reference)),
    );
  return earlier ? { ok: true, balance: account.balance, repeated: true } : null;
}

async function record(tx: Transaction, change: CreditChange, signedAmount: number, balanceAfter: number) {
  await tx.insert(creditLedger).values({
    userId: change.userId,
    amount: signedAmount,
    balanceAfter,
    reason: change.reason,
    reference: change.reference ?? null,
  });
}
