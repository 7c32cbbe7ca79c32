import { z } from "zod";

import { PASSWORD_MIN, newPasswordProblem, refusePassword } from "./auth";
import { noControlCharacters } from "./text";

/** The settings screen's forms (/settings), shared by conform in the browser and the action. */
export const CURRENT_PASSWORD_WRONG = "Your current password is not right";
export const CONFIRM_BUSINESS_NAME_WRONG = "Type your business name exactly as it is shown to delete your account";
export const DELETE_PASSWORD_NEEDED = "Enter your password to delete your account";
export const DELETE_PASSWORD_WRONG = "Your password is not right";
export const DELETE_GOOGLE_NEEDED = "Confirm with Google first, then delete your account within 5 minutes";
export const SESSION_NOT_FOUND = "That session has already ended, or is not one of yours.";

export const changePasswordFields = z.object({
  intent: z.literal("change-password"),
  currentPassword: noControlCharacters(z.string({ required_error: "Enter your current password" }).max(200, CURRENT_PASSWORD_WRONG)),
  // Named `password` so the server's common-password check (refusingCommonPasswords) reads it.
  password: noControlCharacters(
    z
      .string({ required_error: `Password must be at least ${PASSWORD_MIN} characters` })
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(200, "Password must be at most 200 characters"),
  ),
});

/** The browser's check: the account's details are the server's to compare (changePasswordInputSchema). */
export const changePasswordSchema = refusePassword(changePasswordFields, (value) => newPasswordProblem(value.password, {}));

export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  confirmBusinessName: noControlCharacters(
    z
      .string({ required_error: CONFIRM_BUSINESS_NAME_WRONG })
      .trim()
      .min(1, CONFIRM_BUSINESS_NAME_WRONG)
      .max(200, CONFIRM_BUSINESS_NAME_WRONG),
  ),
  /** The account's password; an account that signs in with Google confirms with Google instead. */
  password: noControlCharacters(z.string().max(200, DELETE_PASSWORD_WRONG)).optional(),
});

/** 'Sign out' beside one session in the list. */
export const signOutSessionSchema = z.object({
  intent: z.literal("sign-out-session"),
  sessionId: z.string({ required_error: SESSION_NOT_FOUND }).uuid(SESSION_NOT_FOUND),
});

/** The confirmation matches when it is the business name, ignoring spaces around and between words. */
export function confirmsBusinessName(typed: string, businessName: string): boolean {
  const squeeze = (value: string) => value.trim().replace(/\s+/g, " ");
  return squeeze(typed) === squeeze(businessName);
}
