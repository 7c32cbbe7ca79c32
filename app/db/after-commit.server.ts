import type { Database, Transaction } from "./client.server";

/** What waits for each open top-level transaction to commit. */
const waitingFor = new WeakMap<object, Array<() => Promise<void>>>();

/**
 * Runs `then` once `tx` has committed, and not at all when it rolls back: a job queued inside a
 * transaction is worth waking a worker for only once the job's row can be seen. The model's
 * `db().transaction(...)` resolves after it ran. A savepoint (`tx.transaction`) is not followed:
 * `then` is dropped there, and what it would have hurried happens on the next poll.
 */
export function afterCommit(tx: Transaction, then: () => Promise<void>) {
  waitingFor.get(tx)?.push(then);
}

/** Gives `db.transaction` the afterCommit hook (both drivers' handles get it when opened). */
export function withAfterCommit(db: Database): Database {
  const transaction = db.transaction.bind(db);
  const hooked: Database["transaction"] = async (work, config) => {
    const waiting: Array<() => Promise<void>> = [];
    const result = await transaction((tx) => {
      waitingFor.set(tx, waiting);
      return work(tx);
    }, config);
    for (const then of waiting) await then();
    return result;
  };
  db.transaction = hooked;
  return db;
}
