import { hitRateLimit, peekRateLimit, type RateLimit } from "~/models/rate-limit.server";

import { clientIp } from "./client-ip.server";

/** Sign-in, registration and reset: at most 10 a minute from one address (every instance shares the count). */
export const PER_IP_LIMIT: RateLimit = { limit: 10, windowSeconds: 60 };
/** Failed sign-ins to one account: at most 100 an hour, whoever tries. */
export const ACCOUNT_FAILURE_LIMIT: RateLimit = { limit: 100, windowSeconds: 3600 };

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

export type Throttled = { message: string; retryAfterSeconds: number };

/** Counts this request against its address; a Throttled answer means refuse with 429. */
export async function throttleByIp(request: Request, action: "login" | "register" | "reset" | "token"): Promise<Throttled | null> {
  const ip = clientIp(request) ?? "unknown";
  const result = await hitRateLimit(`${action}:ip:${ip}`, PER_IP_LIMIT);
  return result.allowed ? null : { message: TOO_MANY_ATTEMPTS, retryAfterSeconds: result.retryAfterSeconds };
}

/** Whether this account has had too many failed sign-ins this hour. */
export async function accountLocked(email: string): Promise<Throttled | null> {
  const result = await peekRateLimit(`login-failures:${email.toLowerCase()}`, ACCOUNT_FAILURE_LIMIT);
  return result.allowed ? null : { message: TOO_MANY_ATTEMPTS, retryAfterSeconds: result.retryAfterSeconds };
}

export async function recordLoginFailure(email: string) {
  await hitRateLimit(`login-failures:${email.toLowerCase()}`, ACCOUNT_FAILURE_LIMIT);
}
