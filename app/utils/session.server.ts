import { createCookieSessionStorage, redirect } from "@remix-run/node";

import type { AccountUser } from "~/models/users.server";
import { createSession, endSession, findActiveSession } from "~/models/sessions.server";
import type { ToastInput } from "~/lib/toast";

import { clientIp } from "./client-ip.server";
import { combineHeaders } from "./http.server";
import { SESSION_COOKIE_NAME, signedCookieOptions } from "./cookies.server";
import { oncePerRequest } from "./request-memo.server";
import { createToastHeaders } from "./toast.server";
import { paths } from "~/lib/paths";

const SESSION_ID_KEY = "sessionId";
/** Until when (ms) this browser's session counts as just confirmed with Google (see markConfirmedWithGoogle). */
const GOOGLE_CONFIRMED_UNTIL_KEY = "googleConfirmedUntil";

/** The cookie holds only the id of a sessions row (HttpOnly, SameSite=Lax, signed), so sessions can be revoked. */
export const sessionStorage = createCookieSessionStorage({
  cookie: { name: SESSION_COOKIE_NAME, ...signedCookieOptions() },
});

export type CurrentSession = { sessionId: string; user: AccountUser; createdAt: Date; expiresAt: Date; absoluteExpiresAt: Date };

const resolved = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The signed-in user of this request, or null; looked up once per request (all the page's loaders share it). */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  return oncePerRequest(`session ${request.headers.get("Cookie") ?? ""}`, () => {
    let pending = resolved.get(request);
    if (!pending) {
      pending = resolveSession(request);
      resolved.set(request, pending);
    }
    return pending;
  });
}

async function resolveSession(request: Request): Promise<CurrentSession | null> {
  const cookieSession = await sessionStorage.getSession(request.headers.get("Cookie"));
  const sessionId = cookieSession.get(SESSION_ID_KEY);
  if (typeof sessionId !== "string") return null;
  const session = await findActiveSession(sessionId);
  if (!session) return null;
  return {
    sessionId: session.id,
    user: session.user,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    absoluteExpiresAt: session.absoluteExpiresAt,
  };
}

export async function getUser(request: Request): Promise<AccountUser | null> {
  return (await getCurrentSession(request))?.user ?? null;
}

/** Pages for signed-in users: anyone else goes to /login and comes back here after. */
export async function requireUser(request: Request): Promise<AccountUser> {
  return (await requireCurrentSession(request)).user;
}

/** requireUser, with the session itself (its id: 'This device' in the list of sessions). */
export async function requireCurrentSession(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (current) return current;
  const url = new URL(request.url);
  throw redirect(paths.login({ redirectTo: `${url.pathname}${url.search}` }));
}

/** The auth pages: a signed-in user goes straight to the dashboard. */
export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect(paths.app());
}

/**
 * Signs a user in: a new session row and a new cookie every time (never the
 * old id), then on to where they were going, with a toast.
 */
export async function signIn(request: Request, userId: string, options: { redirectTo: string; toast: ToastInput; headers?: HeadersInit }) {
  const session = await createSession(userId, { ipAddress: clientIp(request), userAgent: request.headers.get("User-Agent") });
  const cookieSession = await sessionStorage.getSession();
  cookieSession.set(SESSION_ID_KEY, session.id);
  const cookie = await commitSessionCookie(cookieSession, session.absoluteExpiresAt);
  return redirect(options.redirectTo, {
    headers: combineHeaders({ "Set-Cookie": cookie }, await createToastHeaders(options.toast), options.headers),
  });
}

/** Ends this session (the row and the cookie). */
export async function signOut(request: Request, options: { redirectTo: string; toast: ToastInput }) {
  const current = await getCurrentSession(request);
  if (current) await endSession(current.sessionId);
  const cookieSession = await sessionStorage.getSession(request.headers.get("Cookie"));
  return redirect(options.redirectTo, {
    headers: combineHeaders({ "Set-Cookie": await sessionStorage.destroySession(cookieSession) }, await createToastHeaders(options.toast)),
  });
}

type CookieSession = Awaited<ReturnType<typeof sessionStorage.getSession>>;

/** The cookie lives as long as the session can: to its absolute end (the row decides the idle end). */
function commitSessionCookie(cookieSession: CookieSession, absoluteExpiresAt: Date) {
  return sessionStorage.commitSession(cookieSession, { maxAge: Math.round((absoluteExpiresAt.getTime() - Date.now()) / 1000) });
}

/**
 * The Set-Cookie that marks this browser's session as confirmed by a fresh Google sign-in for
 * `seconds` from now: in the signed session cookie beside the session's id, so it goes with this
 * session only (a new sign-in makes a new cookie without it). Null when the request has no session.
 */
export async function markConfirmedWithGoogle(request: Request, seconds: number): Promise<string | null> {
  const current = await getCurrentSession(request);
  if (!current) return null;
  const cookieSession = await sessionStorage.getSession(request.headers.get("Cookie"));
  cookieSession.set(GOOGLE_CONFIRMED_UNTIL_KEY, Date.now() + seconds * 1000);
  return commitSessionCookie(cookieSession, current.absoluteExpiresAt);
}

/** Until when this browser's session counts as confirmed with Google; null when it does not (any more). */
export async function confirmedWithGoogleUntil(request: Request): Promise<Date | null> {
  const cookieSession = await sessionStorage.getSession(request.headers.get("Cookie"));
  const until = cookieSession.get(GOOGLE_CONFIRMED_UNTIL_KEY);
  return typeof until === "number" && until > Date.now() ? new Date(until) : null;
}
