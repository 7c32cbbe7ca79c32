import { z } from "zod";

import { indianMobileE164, indianPhoneE164 } from "~/lib/phone-number.server";

import { INVALID_MOBILE } from "./contacts";
import { INVALID_BUSINESS_PHONE, profileSchema } from "./profile";

/** The profile form as the action checks it: the mobile a real Indian mobile, the business phone any real Indian number, both E.164. */
export const profileInputSchema = profileSchema.transform((profile, context) => {
  const mobileNumber = profile.mobileNumber ? indianMobileE164(profile.mobileNumber) : null;
  if (profile.mobileNumber && !mobileNumber)
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["mobileNumber"], message: INVALID_MOBILE });
  const businessPhone = profile.businessPhone ? indianPhoneE164(profile.businessPhone) : null;
  if (profile.businessPhone && !businessPhone)
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["businessPhone"], message: INVALID_BUSINESS_PHONE });
  return { ...profile, mobileNumber, businessPhone };
});
