import { beforeAll } from "vitest";

import { db } from "~/db/db.server";
import { categories, pricing } from "~/db/schema";
import { DEFAULT_PRICING } from "~/db/seed/seed.server";

/** Where a test business publishes from: Indiranagar, Bengaluru (a locality the gazetteer knows). */
export const INDIRANAGAR = { lat: 12.97194, lon: 77.64115, city: "Bengaluru", state: "Karnataka" };

/** What publishing needs that every installation has: the prices (a post 5 credits, an offer 10) and two of the admin's categories. */
export function usePricingAndCategories() {
  beforeAll(async () => {
    await db()
      .insert(pricing)
      .values([...DEFAULT_PRICING])
      .onConflictDoNothing();
    await db()
      .insert(categories)
      .values([{ name: "Bakery" }, { name: "Restaurant" }])
      .onConflictDoNothing();
  });
}
