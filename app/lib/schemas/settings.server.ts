import { newPasswordProblem, refusePassword } from "./auth";
import { refusingCommonPasswords } from "./auth.server";
import { changePasswordFields } from "./settings";

/**
 * The change-password form as its action checks it: the registration's rules for a new password
 * (one repeated character, made from this account's email, name or business name), then the
 * common-password list.
 */
export function changePasswordInputSchema(account: { email: string; name: string; businessName: string }) {
  return refusingCommonPasswords(refusePassword(changePasswordFields, (value) => newPasswordProblem(value.password, account)));
}
