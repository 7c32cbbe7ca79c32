import { z } from "zod";

import { noControlCharacters } from "./text";

/** The auth forms' schemas and their exact messages (the product's copy), shared by the browser (conform) and the actions. */
export const PASSWORD_MIN = 6;

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

const redirectTo = noControlCharacters(z.string()).optional();

const name = noControlCharacters(
  z
    .string({ required_error: "Name must be at least 2 characters" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(80, "Name must be at most 80 characters"),
);

export const loginSchema = z.object({ username: email, password, redirectTo });

export const registerSchema = z.object({
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
  mobileNumber: noControlCharacters(
    z
      .string({ required_error: "Mobile number must be at least 10 characters" })
      .trim()
      .min(10, "Mobile number must be at least 10 characters")
      .max(20, "Mobile number must be at most 20 characters")
      .regex(/^\+?[\d\s-]+$/, "Mobile number may contain only digits, spaces, + and -"),
  ),
  redirectTo,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: noControlCharacters(z.string().min(20, "This reset link is not valid").max(200, "This reset link is not valid")),
  password,
});

export const adminLoginSchema = z.object({ email, password });
export const adminCreateSchema = z.object({ email, password, name });

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
