import { eq } from "drizzle-orm";

import { db } from "~/db/db.server";
import { users } from "~/db/schema";
import { essentialsDone, onboardingSteps, type OnboardingStep } from "~/lib/onboarding";
import type { ProfileInput } from "~/lib/schemas/profile";

import { listCategories } from "./categories.server";
import { replacingProfileImage } from "./uploads.server";

const profileColumns = {
  name: users.name,
  businessName: users.businessName,
  businessDetails: users.businessDetails,
  businessPhone: users.businessPhone,
  mobileNumber: users.mobileNumber,
  address: users.address,
  city: users.city,
  state: users.state,
  gstNumber: users.gstNumber,
  businessCategories: users.businessCategories,
  profileImageUrl: users.profileImageUrl,
};

export type BusinessProfile = ProfileInput & { profileImageUrl: string | null };

/** The signed-in business's own profile, as /edit-profile shows it. */
export async function getBusinessProfile(userId: string): Promise<BusinessProfile | null> {
  const [row] = await db().select(profileColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The categories in `chosen` that the business may not choose (the form offers only the others; a
 * forged post may not): not one of the server's shown categories, nor one the business already
 * has (a category the admin has since hidden stays with the businesses that had it).
 */
export async function unknownCategories(userId: string, chosen: string[]): Promise<string[]> {
  if (chosen.length === 0) return [];
  const [shown, own] = await Promise.all([listCategories(), ownCategories(userId)]);
  const known = new Set([...shown.map((category) => category.name), ...own]);
  return chosen.filter((name) => !known.has(name));
}

/** The business's own categories as saved. */
async function ownCategories(userId: string): Promise<string[]> {
  const [row] = await db().select({ businessCategories: users.businessCategories }).from(users).where(eq(users.id, userId));
  return row?.businessCategories ?? [];
}

/**
 * Saves the profile (checked by profileInputSchema: phones E.164, GSTIN verified) and, when given,
 * a new profile image of the user's own; the image it replaces is deleted when nothing else shows it.
 */
export async function updateBusinessProfile(userId: string, input: ProfileInput, profileImageUrl?: string): Promise<void> {
  const save = async () => {
    await db()
      .update(users)
      .set({ ...input, ...(profileImageUrl ? { profileImageUrl } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
  };
  await (profileImageUrl ? replacingProfileImage(userId, save) : save());
}

export type BusinessLocation = { lat: number; lon: number; city: string | null; state: string | null };

/** Where the business is: the default place of its posts; null until chosen. */
export async function getBusinessLocation(userId: string): Promise<BusinessLocation | null> {
  const [row] = await db()
    .select({ lat: users.lat, lon: users.lon, city: users.city, state: users.state })
    .from(users)
    .where(eq(users.id, userId));
  return row && row.lat !== null && row.lon !== null ? { ...row, lat: row.lat, lon: row.lon } : null;
}

export async function setBusinessLocation(userId: string, location: BusinessLocation): Promise<void> {
  await db()
    .update(users)
    .set({ ...location, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

const onboardingColumns = {
  businessName: users.businessName,
  businessCategories: users.businessCategories,
  lat: users.lat,
  lon: users.lon,
  businessPhone: users.businessPhone,
  mobileNumber: users.mobileNumber,
  profileImageUrl: users.profileImageUrl,
  onboardingCompleted: users.onboardingCompleted,
};

/**
 * The business's setup checklist; when its essentials are done, onboarding is marked complete
 * (once: the dashboard then leads with the business's numbers, even if a step is undone later).
 */
export async function onboardingOf(userId: string): Promise<{ completed: boolean; steps: OnboardingStep[] }> {
  const [row] = await db().select(onboardingColumns).from(users).where(eq(users.id, userId));
  if (!row) return { completed: true, steps: [] };
  const steps = onboardingSteps(row);
  if (!row.onboardingCompleted && essentialsDone(steps)) {
    await db().update(users).set({ onboardingCompleted: true, updatedAt: new Date() }).where(eq(users.id, userId));
    return { completed: true, steps };
  }
  return { completed: row.onboardingCompleted, steps };
}
