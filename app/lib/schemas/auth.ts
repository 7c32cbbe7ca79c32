import { z } from "zod";

import { isMadeFromAccountDetails, isOneRepeatedCharacter, type AccountDetails } from "~/lib/password-rules";

import { INVALID_MOBILE } from "./contacts";
import { TYPED_PHONE, noControlCharacters } from "./text";

/** The auth forms' schemas and their exact messages (the product's copy), shared by the browser (conform) and the actions. */
export const PASSWORD_MIN = 6;

/** What a new password may not be (registration, reset, admin creation, a future change of password); signing in never asks. */
export const PASSWORD_TOO_COMMON = "This password is too common. Please choose another.";
export const PASSWORD_FROM_ACCOUNT_DETAILS = "Your password must not be made from your email, name or business name";
export const PASSWORD_ONE_CHARACTER = "Your password must not be one character repeated";

const email = noControlCharacters(
  z
    .string({ required_error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .email("Please enter a valid email address")
    .max(254, "Please enter a valid email address"),
);

const password = noControlCharacters(
  z
    .string({ required_error: `Password must be at least ${PASSWORD_MIN} characters` })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, "Password must be at most 200 characters"),
);

/**
 * A hidden field the visitor cannot correct, so nothing in it refuses the form: safeRedirect sends
 * any target with control characters or off this site to the dashboard instead.
 */
const redirectTo = z.string().max(2000).optional().catch(undefined);

const name = noControlCharacters(
  z
    .string({ required_error: "Name must be at least 2 characters" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(80, "Name must be at most 80 characters"),
);

/**
 * A form's schema with one more reason to refuse its password, looked at only once the password
 * passes its own field's rules (a 5-character password hears about its length, nothing else).
 * The refusal is fatal: checks added after it (the server's common-password list) stay silent.
 */
export function refusePassword<Schema extends z.ZodType<{ password: string }, z.ZodTypeDef, unknown>>(
  schema: Schema,
  reason: (value: z.output<Schema>) => string | null,
): z.ZodEffects<Schema, z.output<Schema>, z.input<Schema>> {
  return schema.superRefine((value, context) => {
    if (!password.safeParse(value.password).success) return;
    const message = reason(value);
    if (message) context.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message, fatal: true });
  });
}

/** The rules of a new password the browser checks too; the common-password list is the server's (auth.server.ts). */
export function newPasswordProblem(newPassword: string, account: AccountDetails): string | null {
  if (isOneRepeatedCharacter(newPassword)) return PASSWORD_ONE_CHARACTER;
  if (isMadeFromAccountDetails(newPassword, account)) return PASSWORD_FROM_ACCOUNT_DETAILS;
  return null;
}

export const loginSchema = z.object({ username: email, password, redirectTo });

export const registerSchema = refusePassword(
  z.object({
    username: email,
    password,
    name,
    businessName: noControlCharacters(
      z
        .string({ required_error: "Business name must be at least 2 characters" })
        .trim()
        .min(2, "Business name must be at least 2 characters")
        .max(120, "Business name must be at most 120 characters"),
    ),
    // The shape here (a phone's bundle has no numbering plan); the action checks it is a real Indian mobile, as for a contact.
    mobileNumber: noControlCharacters(
      z
        .string({ required_error: "Mobile number must be at least 10 characters" })
        .trim()
        .min(10, "Mobile number must be at least 10 characters")
        .max(20, INVALID_MOBILE)
        .regex(TYPED_PHONE, INVALID_MOBILE),
    ),
    redirectTo,
  }),
  (value) => newPasswordProblem(value.password, { email: value.username, name: value.name, businessName: value.businessName }),
);

export const forgotPasswordSchema = z.object({ email });

/** The form does not know whose link it is: the action checks the account's details (findResetTokenUser). */
export const resetPasswordSchema = refusePassword(
  z.object({
    token: noControlCharacters(z.string().min(20, "This reset link is not valid").max(200, "This reset link is not valid")),
    password,
  }),
  (value) => newPasswordProblem(value.password, {}),
);

export const adminLoginSchema = z.object({ email, password });
export const adminCreateSchema = refusePassword(z.object({ email, password, name }), (value) =>
  newPasswordProblem(value.password, { email: value.email, name: value.name }),
);

/** POST /api/auth/token: the login form's rules; the email may come as `email` or `username`. */
export const tokenRequestSchema = z.preprocess((body) => {
  const fields = body as Record<string, unknown>;
  return { username: fields.email ?? fields.username, password: fields.password };
}, loginSchema);

const REFRESH_TOKEN_REQUIRED = "refreshToken is required";

/** POST /api/auth/refresh. */
export const refreshRequestSchema = z.object({
  refreshToken: noControlCharacters(
    z.string({ required_error: REFRESH_TOKEN_REQUIRED, invalid_type_error: REFRESH_TOKEN_REQUIRED }).min(20, REFRESH_TOKEN_REQUIRED),
  ),
});
