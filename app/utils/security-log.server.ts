import { config } from "~/config.server";

import { clientIp } from "./client-ip.server";
import { countSecurityEvent } from "./metrics.server";
import { currentRequestId } from "./request-facts.server";

export type SecurityEventName =
  | "sign_in"
  | "admin_sign_in"
  /** Sessions ended by their account: this browser's (Logout), another device's, the others', or all of them. */
  | "sign_out"
  | "refresh_token_reuse"
  | "password_reset_requested"
  | "password_reset_completed"
  /** The signed-in account changed its password on /settings (or was refused: a wrong current password, too many tries). */
  | "password_changed"
  /** Someone signed in proved again who they are (a fresh Google sign-in, the password before deleting the account). */
  | "reauthentication"
  | "account_deleted"
  /** Credentials that do not grant what was asked: a signed-in account that is not the admin at /admin, an API token that is not (or no longer) valid. */
  | "access_refused"
  /** A form post or /api write a browser sent from another site (Origin or Referer not this site). */
  | "cross_site_refused"
  /** A payment or SMS provider's webhook without its valid signature or token. */
  | "webhook_refused";

/** Which sessions a sign-out ended. */
export type SignOutScope = "this_device" | "other_device" | "other_devices" | "every_device";

/**
 * One security-relevant thing that happened. Never a password, a token, a signature, nor a phone
 * number: who (userId, email), what, how it ended and why (`reason`: e.g. "invalid", "throttled",
 * "not_admin"), and what it touched (`scope` and `count` of a sign-out, the `provider` of a
 * webhook, the other site's `origin`).
 */
export type SecurityEvent = {
  event: SecurityEventName;
  outcome: "success" | "failure";
  userId?: string;
  email?: string;
  method?: "password" | "google";
  reason?: string;
  scope?: SignOutScope;
  count?: number;
  provider?: WebhookProvider;
  origin?: string;
};

/** Where the lines go: stdout, one JSON object a line, for the log collector. Tests spy on `write`. */
export const securityLog = {
  write(line: string) {
    // The test runs sign in and fail on purpose all the time; their lines would bury the report.
    if (config.NODE_ENV !== "test") process.stdout.write(`${line}\n`);
  },
};

/** Writes one event with its time, the client's address, the path it came in at and the request's id; and counts it. */
export function securityEvent(request: Request, entry: SecurityEvent) {
  countSecurityEvent(entry.event, entry.outcome);
  const requestId = currentRequestId();
  securityLog.write(
    JSON.stringify({
      time: new Date().toISOString(),
      type: "security",
      ...entry,
      ip: clientIp(request),
      path: new URL(request.url).pathname,
      ...(requestId ? { requestId } : {}),
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

export type WebhookProvider = "razorpay" | "msg91" | "twilio";

/** Where each provider puts its proof: a signature header, or MSG91's token in the address. Only whether there is one is logged. */
const WEBHOOK_PROOF: Record<WebhookProvider, (request: Request) => string | null> = {
  razorpay: (request) => request.headers.get("X-Razorpay-Signature"),
  twilio: (request) => request.headers.get("X-Twilio-Signature"),
  msg91: (request) => new URL(request.url).searchParams.get("token"),
};

/** A webhook answered 401 (its proof missing, wrong, or its secret not configured here) is logged; any other answer is not. */
export function noteWebhookAnswer(request: Request, provider: WebhookProvider, answer: { status: number }) {
  if (answer.status !== 401) return;
  securityEvent(request, {
    event: "webhook_refused",
    outcome: "failure",
    provider,
    reason: WEBHOOK_PROOF[provider](request) ? "invalid" : "missing",
  });
}
