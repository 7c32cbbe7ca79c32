import { config } from "~/config.server";

import { clientIp } from "./client-ip.server";

export type SecurityEventName =
  | "sign_in"
  | "admin_sign_in"
  | "refresh_token_reuse"
  | "password_reset_requested"
  | "password_reset_completed"
  /** Someone signed in proved again who they are (a fresh Google sign-in, the password before deleting the account). */
  | "reauthentication"
  | "account_deleted";

/**
 * One security-relevant thing that happened. Never a password or a token:
 * who (userId, email), what, how it ended and why (`reason`: e.g. "invalid",
 * "throttled", "not_admin").
 */
export type SecurityEvent = {
  event: SecurityEventName;
  outcome: "success" | "failure";
  userId?: string;
  email?: string;
  method?: "password" | "google";
  reason?: string;
};

/** Where the lines go: stdout, one JSON object a line, for the log collector. Tests spy on `write`. */
export const securityLog = {
  write(line: string) {
    // The test runs sign in and fail on purpose all the time; their lines would bury the report.
    if (config.NODE_ENV !== "test") process.stdout.write(`${line}\n`);
  },
};

/** Writes one event with its time, the client's address and the path it came in at. */
export function securityEvent(request: Request, entry: SecurityEvent) {
  securityLog.write(
    JSON.stringify({
      time: new Date().toISOString(),
      type: "security",
      ...entry,
      ip: clientIp(request),
      path: new URL(request.url).pathname,
    }),
  );
}

/** A sign-in's outcome as logged: the account on success, the reason on refusal. */
export type SignInOutcome = { ok: true; user: { id: string } } | { ok: false; reason: string };

/** A password sign-in at any door (the sign-in form, the admin's, the API's), success or refusal. */
export function passwordSignInEvent(request: Request, event: "sign_in" | "admin_sign_in", email: string, result: SignInOutcome) {
  securityEvent(request, {
    event,
    method: "password",
    email: email.trim().toLowerCase(),
    ...(result.ok ? { outcome: "success", userId: result.user.id } : { outcome: "failure", reason: result.reason }),
  });
}
