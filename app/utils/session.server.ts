import { createCookieSessionStorage, redirect } from "@remix-run/node";

import type { AccountUser } from "~/models/users.server";
import { createSession, endSession, endedSessionOwner, findActiveSession } from "~/models/sessions.server";
import { draftPath } from "~/lib/draft-path";
import { keptDraftMessage, sessionEndedMessage } from "~/lib/kept-draft";
import type { ToastInput } from "~/lib/toast";

import { clientIp } from "./client-ip.server";
import { combineHeaders } from "./http.server";
import { keepSentForm, waitingKeptDraft } from "./kept-draft.server";
import { SESSION_COOKIE_NAME, signedCookieOptions } from "./cookies.server";
import { oncePerRequest } from "./request-memo.server";
import { noteRequestUser } from "./request-facts.server";
import { securityEvent, type SignOutScope } from "./security-log.server";
import { createToastHeaders } from "./toast.server";
import { paths } from "~/lib/paths";

const SESSION_ID_KEY = "sessionId";
/** The signed-in account beside the session: once the session's row is gone (Logout elsewhere), it still says whose session ended. */
const ACCOUNT_ID_KEY = "accountId";
/** Until when (ms) this browser's session counts as just confirmed with Google (see markConfirmedWithGoogle). */
const GOOGLE_CONFIRMED_UNTIL_KEY = "googleConfirmedUntil";

/** The cookie holds only the id of a sessions row (HttpOnly, SameSite=Lax, signed), so sessions can be revoked. */
export const sessionStorage = createCookieSessionStorage({
  cookie: { name: SESSION_COOKIE_NAME, ...signedCookieOptions() },
});

export type CurrentSession = {
  sessionId: string;
  user: AccountUser;
  createdAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
};

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
  noteRequestUser(session.user.id);
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
  throw await toSignIn(request, paths.login({ redirectTo: draftPath(new URL(request.url)) }));
}

/**
 * The account whose session this browser's cookie names though it is no longer live (it idled out,
 * reached its end, or was ended by Logout elsewhere or a password change); null for a live session
 * and for a browser without one (never signed in, or logged out here), who is never told a session ended.
 */
export async function endedSessionAccount(request: Request): Promise<string | null> {
  if (await getCurrentSession(request)) return null;
  const cookieSession = await sessionStorage.getSession(request.headers.get("Cookie"));
  const sessionId = cookieSession.get(SESSION_ID_KEY);
  if (typeof sessionId !== "string") return null;
  const accountId = cookieSession.get(ACCOUNT_ID_KEY);
  return endedSessionOwner(sessionId, typeof accountId === "string" ? accountId : null);
}

/**
 * The way to `signInUrl` for a request without a live session. A form sent after this browser's
 * session ended is kept first, for that account, and the browser pointed at it (every signed-in
 * form, whichever route: they all come through here).
 */
export async function toSignIn(request: Request, signInUrl: string): Promise<Response> {
  if (request.method === "GET" || request.method === "HEAD") return redirect(signInUrl);
  const accountId = await endedSessionAccount(request);
  const setCookie = accountId ? await keepSentForm(request, accountId) : null;
  return redirect(signInUrl, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/**
 * What the sign-in page says to a browser whose session ended on the way to `redirectTo` (and
 * whether a form of theirs waits): null for anyone else.
 */
export async function sessionEndedNotice(request: Request, redirectTo: string): Promise<string[] | null> {
  const accountId = await endedSessionAccount(request);
  if (!accountId) return null;
  const waiting = await waitingKeptDraft(request, accountId);
  return waiting ? [sessionEndedMessage(redirectTo), keptDraftMessage(waiting.droppedFiles)] : [sessionEndedMessage(redirectTo)];
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
  cookieSession.set(ACCOUNT_ID_KEY, userId);
  const cookie = await commitSessionCookie(cookieSession, session.absoluteExpiresAt);
  return redirect(options.redirectTo, {
    headers: combineHeaders({ "Set-Cookie": cookie }, await createToastHeaders(options.toast), options.headers),
  });
}

/**
 * What a browser is told to wipe of this site as its session ends: its HTTP cache (pages it kept
 * before they were sent no-store, the account's images) and its storage (local and session
 * storage, IndexedDB, service workers). Not its cookies: the anonymous visitor id, the place
 * chosen and a kept draft's pointer belong to the device, and the session cookie is ended anyway.
 */
const CLEAR_SITE_DATA = '"cache", "storage"';

/**
 * Ends this session (the row and the cookie), and has the browser forget what it kept of it
 * (CLEAR_SITE_DATA). Logged as a `sign_out` of `logAs` (this device unless told; null when the
 * caller logs what happened itself, such as a deleted account).
 */
export async function signOut(request: Request, options: { redirectTo: string; toast: ToastInput; logAs?: SignOutScope | null }) {
  const current = await getCurrentSession(request);
  if (current) await endSession(current.sessionId);
  const logAs = options.logAs === undefined ? "this_device" : options.logAs;
  if (current && logAs) securityEvent(request, { event: "sign_out", outcome: "success", userId: current.user.id, scope: logAs });
  const cookieSession = await sessionStorage.getSession(request.headers.get("Cookie"));
  return redirect(options.redirectTo, {
    headers: combineHeaders(
      { "Set-Cookie": await sessionStorage.destroySession(cookieSession), "Clear-Site-Data": CLEAR_SITE_DATA },
      await createToastHeaders(options.toast),
    ),
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
