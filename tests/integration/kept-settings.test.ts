import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { creditPacks, pricing, settings } from "~/db/schema";
import { getBillingSettings } from "~/models/billing-settings.server";
import { listCreditPacks, priceOf } from "~/models/pricing.server";

import { usePricingAndPacks } from "../support/credit-purchases";
import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

function setPriceRow(db: Pick<typeof test.db, "update">, key: "post" | "offer", credits: number) {
  return db.update(pricing).set({ credits }).where(eq(pricing.key, key));
}

describe("the admin's prices, packs and settings kept in each process", () => {
  usePricingAndPacks();

  it("are read once, then shown as the admin changes them, however the change is made", async () => {
    const credits = await priceOf("post");
    // Kept: a change the triggers do not tell (replica mode turns them off) is not seen, as no query is made.
    await test.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await setPriceRow(tx, "post", credits + 1);
    });
    expect(await priceOf("post")).toBe(credits);

    await setPriceRow(test.db, "post", credits + 7);
    await vi.waitFor(async () => expect(await priceOf("post")).toBe(credits + 7));

    const packs = await listCreditPacks();
    expect(packs.length).toBeGreaterThan(0);
    await test.db.update(creditPacks).set({ active: false }).where(eq(creditPacks.id, packs[0].id));
    await vi.waitFor(async () => expect((await listCreditPacks()).map((pack) => pack.id)).not.toContain(packs[0].id));

    const { gstRatePercent } = await getBillingSettings();
    await test.db
      .insert(settings)
      .values({ key: "gst_rate_percent", value: gstRatePercent + 1 })
      .onConflictDoUpdate({ target: settings.key, set: { value: gstRatePercent + 1 } });
    await vi.waitFor(async () => expect((await getBillingSettings()).gstRatePercent).toBe(gstRatePercent + 1));
  });

  it("are read afresh inside a transaction, which is where money is charged", async () => {
    const kept = await priceOf("offer");
    await test.db.transaction(async (tx) => {
      await setPriceRow(tx, "offer", kept + 3);
      expect(await priceOf("offer", tx)).toBe(kept + 3);
      // Outside the transaction nothing changed yet.
      expect(await priceOf("offer")).toBe(kept);
    });
  });
});
