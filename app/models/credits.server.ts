import { stringify } from "csv-stringify/sync";
import { and, count, desc, eq, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { creditLedger, invoices, LEDGER_REASONS, posts, users } from "~/db/schema";
import { LEDGER_PAGE_SIZE, LEDGER_REASON_LABELS } from "~/lib/credit-ledger";

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
  /** Why, in words the business reads in its ledger (the admin's reason for an adjustment). */
  note?: string | null;
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
    note: change.note ?? null,
  });
}

/** One change of the balance as the business reads it, with what it belongs to when that can be opened. */
export type LedgerEntry = {
  id: string;
  createdAt: Date;
  reason: LedgerReason;
  amount: number;
  balanceAfter: number;
  reference: string | null;
  /** Why, when someone said (the admin's reason for an adjustment). */
  note: string | null;
  /** The post or offer still there (its success page), or the purchase's invoice. */
  postId: string | null;
  invoiceId: string | null;
};

function ledgerQuery(userId: string) {
  return db()
    .select({
      id: creditLedger.id,
      createdAt: creditLedger.createdAt,
      reason: creditLedger.reason,
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      reference: creditLedger.reference,
      note: creditLedger.note,
      postId: posts.id,
      invoiceId: invoices.id,
      cursor: sql<string>`${creditLedger.createdAt}::text`,
    })
    .from(creditLedger)
    .leftJoin(
      posts,
      and(
        sql`${creditLedger.reason} in ('post', 'offer', 'refund')`,
        sql`${posts.id}::text = ${creditLedger.reference}`,
        eq(posts.userId, creditLedger.userId),
      ),
    )
    .leftJoin(
      invoices,
      and(eq(creditLedger.reason, "purchase"), sql`${invoices.orderId}::text = ${creditLedger.reference}`, eq(invoices.userId, userId)),
    )
    .where(eq(creditLedger.userId, userId))
    .$dynamic();
}

type LedgerRow = Awaited<ReturnType<typeof ledgerQuery>>[number];

/** The business's ledger, newest first, a page of LEDGER_PAGE_SIZE at a time (a page past the last is the last). */
export async function listLedger(userId: string, requestedPage: number) {
  const [{ total }] = await db().select({ total: count() }).from(creditLedger).where(eq(creditLedger.userId, userId));
  const pageCount = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await ledgerQuery(userId)
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(LEDGER_PAGE_SIZE)
    .offset((page - 1) * LEDGER_PAGE_SIZE);
  const entries: LedgerEntry[] = rows.map(({ cursor: _cursor, ...entry }) => entry);
  return { entries, total, page, pageCount };
}

const CSV_PAGE_ROWS = 1000;

/** /credits/ledger.csv: every change, newest first, read a page at a time (keyset) so a long ledger never sits in memory whole. */
export async function* ledgerCsv(userId: string): AsyncGenerator<string> {
  const toCsv = (rows: (string | number)[][]) => stringify(rows, { record_delimiter: "windows" });
  yield `\uFEFF${toCsv([["date", "what", "reference", "amount", "balance after", "note"]])}`;
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows: LedgerRow[] = await ledgerQuery(userId)
      .where(
        and(
          eq(creditLedger.userId, userId),
          after ? sql`(${creditLedger.createdAt}, ${creditLedger.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(CSV_PAGE_ROWS);
    if (rows.length === 0) return;
    yield toCsv(
      rows.map((row) => [
        row.createdAt.toISOString(),
        LEDGER_REASON_LABELS[row.reason],
        row.reference ?? "",
        row.amount,
        row.balanceAfter,
        row.note ?? "",
      ]),
    );
    const last = rows[rows.length - 1];
    after = { createdAt: last.cursor, id: last.id };
  }
}
