import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { users } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { setBusinessLocation } from "~/models/business-profile.server";
import { loader as dashboardLoader } from "~/routes/_app+/app";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { SITE, call } from "../support/http";

const test = setupTestDatabase();

type Dashboard = { onboarding: { completed: boolean; steps: Array<{ id: string; done: boolean }> } };

const dashboard = async (userId: string) =>
  (await call<Dashboard>(dashboardLoader, new Request(new URL("/app", SITE), { headers: { Cookie: await sessionCookieFor(userId) } }))).data
    .onboarding;

const NEW_BUSINESS = {
  onboardingCompleted: false,
  businessName: "My Business",
  businessCategories: [],
  lat: null,
  lon: null,
  businessPhone: null,
  profileImageUrl: null,
};

/** A business as it is right after signing up: nothing of its profile filled (the factory gives every user a mobile). */
async function newBusiness(overrides: Partial<typeof NEW_BUSINESS> = {}) {
  const owner = await makeUser({ ...NEW_BUSINESS, ...overrides });
  await test.db.update(users).set({ mobileNumber: null }).where(eq(users.id, owner.id));
  return owner;
}

describe("onboarding on /app", () => {
  it("leads a new business with the checklist, each step done as its profile fills, then gives way to the dashboard", async () => {
    const owner = await newBusiness();
    expect(await dashboard(owner.id)).toEqual({
      completed: false,
      steps: [
        expect.objectContaining({ id: "business-name", done: false }),
        expect.objectContaining({ id: "category", done: false }),
        expect.objectContaining({ id: "location", done: false }),
        expect.objectContaining({ id: "phone", done: false }),
        expect.objectContaining({ id: "image", done: false }),
      ],
    });
    await test.db
      .update(users)
      .set({ businessName: "Kiran Sweets", businessCategories: ["Bakery"], mobileNumber: "+919812345678" })
      .where(eq(users.id, owner.id));
    const almost = await dashboard(owner.id);
    expect(almost.completed).toBe(false);
    expect(almost.steps.filter((step) => !step.done).map((step) => step.id)).toEqual(["location", "image"]);

    // The image is recommended, not required: the location completes onboarding.
    await setBusinessLocation(owner.id, { lat: 12.97, lon: 77.64, city: "Bengaluru", state: "Karnataka" });
    expect((await dashboard(owner.id)).completed).toBe(true);
    expect((await test.db.select({ done: users.onboardingCompleted }).from(users).where(eq(users.id, owner.id)))[0].done).toBe(true);
  });

  it("does not bring the checklist back once onboarding is complete", async () => {
    const owner = await newBusiness({ onboardingCompleted: true });
    expect((await dashboard(owner.id)).completed).toBe(true);
  });
});
