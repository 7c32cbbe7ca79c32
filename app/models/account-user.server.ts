import { users, type USER_STATUSES } from "~/db/schema";
import { formatDisplayName } from "~/lib/display-name";

import { isAdminAccount } from "./account-rules.server";

/** A user as the app and GET /api/user/me see them: never the password hash. */
export type AccountUser = {
  id: string;
  username: string;
  email: string;
  name: string;
  businessName: string;
  displayName: string;
  businessDetails: string | null;
  businessPhone: string | null;
  gstNumber: string | null;
  businessCategories: string[];
  onboardingCompleted: boolean;
  mobileNumber: string | null;
  balance: number;
  /** The owner proved the address (the mailed link, or Google): the opening balance comes with it. */
  emailVerified: boolean;
  /** The designated admin (isAdminAccount): the admin role and the ADMIN_EMAIL address. */
  isAdmin: boolean;
  status: (typeof USER_STATUSES)[number];
  profileImageUrl: string | null;
  updatedAt: string;
};

/** The columns of a user the app may show: never the password hash, Google id or token version. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  businessName: users.businessName,
  businessDetails: users.businessDetails,
  businessPhone: users.businessPhone,
  gstNumber: users.gstNumber,
  businessCategories: users.businessCategories,
  onboardingCompleted: users.onboardingCompleted,
  mobileNumber: users.mobileNumber,
  balance: users.balance,
  emailVerifiedAt: users.emailVerifiedAt,
  role: users.role,
  status: users.status,
  profileImageUrl: users.profileImageUrl,
  updatedAt: users.updatedAt,
};

type AccountRow = Pick<typeof users.$inferSelect, keyof typeof accountColumns>;

export function toAccountUser(row: AccountRow): AccountUser {
  return {
    id: row.id,
    username: row.email,
    email: row.email,
    name: row.name,
    businessName: row.businessName,
    displayName: formatDisplayName(row.name, row.businessName),
    businessDetails: row.businessDetails,
    businessPhone: row.businessPhone,
    gstNumber: row.gstNumber,
    businessCategories: row.businessCategories,
    onboardingCompleted: row.onboardingCompleted,
    mobileNumber: row.mobileNumber,
    balance: row.balance,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: isAdminAccount(row),
    status: row.status,
    profileImageUrl: row.profileImageUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}
