import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";

import { safeRedirect } from "~/lib/safe-redirect";
import { forgotPasswordSchema, loginSchema, registerSchema } from "~/lib/schemas/auth";
import { registrationInputSchema } from "~/lib/schemas/auth.server";
import { createToast } from "~/lib/toast";
import { requestVerificationMail } from "~/models/email-verification.server";
import { requestPasswordReset } from "~/models/password-reset.server";
import { throttleByAddress, type Throttled } from "~/models/rate-limit.server";
import { EmailTakenError, createAccount } from "~/models/users.server";

import { FORM_STRATEGY, SignInRefused, auth } from "~/utils/auth.server";
import { clientIp } from "~/utils/client-ip.server";
import { securityEvent } from "~/utils/security-log.server";
import { signIn } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export type AuthIntent = "login" | "register" | "forgot";

function throttledReply(intent: AuthIntent, throttled: Throttled, formData: FormData) {
  const schema = intent === "login" ? loginSchema : intent === "register" ? registerSchema : forgotPasswordSchema;
  const submission = parseWithZod(formData, { schema });
  return data(
    { intent, result: submission.reply({ formErrors: [throttled.message], hideFields: ["password"] }) },
    { status: 429, headers: { "Retry-After": String(throttled.retryAfterSeconds) } },
  );
}

/** Login: validate, then the sign-in sequence (signInWithPassword, through the form strategy), then a new session and on to where they were going. */
export async function login(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ intent: "login" as const, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const user = await auth().authenticator.authenticate(FORM_STRATEGY, request, {});
    return signIn(request, user.id, {
      redirectTo: safeRedirect(submission.value.redirectTo, "/app"),
      toast: { type: "success", title: "Login successful", description: "Welcome back" },
    });
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    const refusal = error.cause instanceof SignInRefused ? error.cause.result : null;
    if (refusal?.reason === "throttled") return throttledReply("login", refusal, formData);
    // Never says whether the email exists.
    return data(
      {
        intent: "login" as const,
        result: submission.reply({ formErrors: ["Invalid email or password"], hideFields: ["password"] }),
        toast: createToast({ type: "error", title: "Login failed", description: "Invalid email or password" }),
      },
      { status: 401 },
    );
  }
}

/**
 * Registration: the account and the session, or nothing; then a mailed link to verify the email,
 * which brings the opening balance (until then the account has 0 credits).
 */
export async function register(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: registrationInputSchema });
  if (submission.status !== "success") {
    return data({ intent: "register" as const, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const throttled = await throttleByAddress("register", clientIp(request));
  if (throttled) return throttledReply("register", throttled, formData);
  const { username, password, name, businessName, mobileNumber, redirectTo } = submission.value;
  try {
    const user = await createAccount({ email: username, password, name, businessName, mobileNumber });
    await requestVerificationMail(user.id);
    return signIn(request, user.id, {
      redirectTo: safeRedirect(redirectTo, "/app"),
      toast: { type: "success", title: "Registration successful", description: `Welcome, ${name}` },
    });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    return data(
      {
        intent: "register" as const,
        result: submission.reply({ fieldErrors: { username: [error.message] }, hideFields: ["password"] }),
        toast: createToast({ type: "error", title: "Registration failed", description: error.message }),
      },
      { status: 409 },
    );
  }
}

/** Forgot password: always the same answer, whether or not the email has an account. */
export async function forgotPassword(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ intent: "forgot" as const, result: submission.reply() }, { status: 400 });
  }
  const { email } = submission.value;
  const throttled = await throttleByAddress("reset", clientIp(request));
  securityEvent(request, {
    event: "password_reset_requested",
    email,
    ...(throttled ? { outcome: "failure", reason: "throttled" } : { outcome: "success" }),
  });
  if (throttled) return throttledReply("forgot", throttled, formData);
  // The lookup and the mail happen in a background job: the answer takes as long whether or not the email has an account.
  await requestPasswordReset(email);
  return redirectWithToast("/auth", {
    type: "success",
    title: "Password reset email sent",
    description: "If an account uses this email, a reset link is on its way.",
  });
}
