import { and, eq } from "drizzle-orm";

import { db } from "~/db/db.server";
import { users } from "~/db/schema";
import { isUuid } from "~/lib/ids";

import { activeAccountCondition } from "./account-rules.server";

/** A business's public profile: what any visitor may see of a business (never its email, balance or GST number). */
export type PublicBusiness = {
  id: string;
  businessName: string;
  profileImageUrl: string | null;
  businessPhone: string | null;
  businessAddress: string | null;
  businessDetails: string | null;
  businessCategories: string[];
};

export async function getPublicBusiness(id: string): Promise<PublicBusiness | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({
      id: users.id,
      businessName: users.businessName,
      profileImageUrl: users.profileImageUrl,
      businessPhone: users.businessPhone,
      address: users.address,
      city: users.city,
      state: users.state,
      postalCode: users.postalCode,
      businessDetails: users.businessDetails,
      businessCategories: users.businessCategories,
    })
    .from(users)
    .where(and(eq(users.id, id), activeAccountCondition(), eq(users.role, "user")));
  if (!row) return null;
  const cityLine = [row.city, row.state].filter(Boolean).join(", ");
  const address = [row.address, [cityLine, row.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return {
    id: row.id,
    businessName: row.businessName,
    profileImageUrl: row.profileImageUrl,
    businessPhone: row.businessPhone,
    businessAddress: address || null,
    businessDetails: row.businessDetails,
    businessCategories: row.businessCategories,
  };
}
