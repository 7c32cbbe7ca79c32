import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { databaseHandle } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { findActiveSession } from "~/models/sessions.server";

import { signedInSession } from "../support/accounts";
import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

/** A change the triggers do not see (replica mode turns them off): only a lookup that asks the database finds it. */
async function changeUnseen(userId: string, balance: number) {
  await test.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(users).set({ balance }).where(eq(users.id, userId));
  });
}

describe("a session's lookup", () => {
  it("is remembered on the embedded PGlite (one process) and asked every time on PostgreSQL", async () => {
    const business = await makeUser({ balance: 10 });
    const { id } = await signedInSession(business.id);
    expect((await findActiveSession(id))?.user.balance).toBe(10);
    await changeUnseen(business.id, 11);
    const remembered = databaseHandle().kind === "pglite";
    expect((await findActiveSession(id))?.user.balance).toBe(remembered ? 10 : 11);
  });

  it("is asked afresh on the very next request after the account changes, by whoever", async () => {
    const business = await makeUser({ balance: 10 });
    const { id } = await signedInSession(business.id);
    expect((await findActiveSession(id))?.user.balance).toBe(10);
    await test.db.update(users).set({ balance: 25 }).where(eq(users.id, business.id));
    expect((await findActiveSession(id))?.user.balance).toBe(25);

    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, business.id));
    expect(await findActiveSession(id)).toBeNull();
  });

  it("is over on the very next request after the session is signed out elsewhere, and another account's changes leave it", async () => {
    const [business, neighbour] = [await makeUser(), await makeUser()];
    const [mine, other] = [await signedInSession(business.id), await signedInSession(business.id)];
    const theirs = await signedInSession(neighbour.id);
    expect(await findActiveSession(mine.id)).not.toBeNull();
    expect(await findActiveSession(theirs.id)).not.toBeNull();

    await test.db.delete(sessions).where(eq(sessions.id, other.id));
    await changeUnseen(business.id, 99);
    // Another session of the same account ended: this one is asked afresh (and still signed in).
    expect((await findActiveSession(mine.id))?.user.balance).toBe(99);

    await changeUnseen(neighbour.id, 42);
    await test.db.update(users).set({ balance: 1 }).where(eq(users.id, business.id));
    const remembered = databaseHandle().kind === "pglite";
    expect((await findActiveSession(theirs.id))?.user.balance).toBe(remembered ? neighbour.balance : 42);

    // Logout everywhere.
    await test.db.delete(sessions).where(eq(sessions.userId, business.id));
    expect(await findActiveSession(mine.id)).toBeNull();
  });
});
