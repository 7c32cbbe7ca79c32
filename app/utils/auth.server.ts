import { createCookieSessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";

import { config } from "~/config.server";
import { paths } from "~/lib/paths";
import { loginSchema } from "~/lib/schemas/auth";
import { isActiveAccount } from "~/models/account-rules.server";
import { signInWithPassword, type SignInResult } from "~/models/sign-in.server";
import { findGoogleAccount, findOrCreateGoogleAccount, type SignedInAccount } from "~/models/users.server";

import { clientIp } from "./client-ip.server";
import { signedCookieOptions } from "./cookies.server";
import { passwordSignInEvent } from "./security-log.server";

export const FORM_STRATEGY = "user-pass";
export const GOOGLE_STRATEGY = "google";

/** Only the OAuth state lives here; the signed-in session is ours (session.server.ts). */
const oauthStateStorage = createCookieSessionStorage({
  cookie: { name: "_oauth", ...signedCookieOptions({ maxAge: 600 }) },
});

export type GoogleSettings = {
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
  /** Google's own endpoints unless given: tests point these at a local fake provider. */
  endpoints?: { authorizationURL: string; tokenURL: string; userInfoURL: string };
};

/**
 * Google confirming who is at the keyboard (before deleting a password-less account) must be a
 * fresh sign-in: the button's request carries this purpose, and Google is asked to sign the
 * person in again (max_age=0).
 */
export const GOOGLE_CONFIRM_PURPOSE = "confirm";

/** How recent a Google confirmation must be: its sign-in (auth_time, when Google sends it) and the mark it leaves. */
export const GOOGLE_CONFIRMATION_SECONDS = 5 * 60;

/**
 * The page each Google button is on, where Google sign-in comes back to when it cannot go on
 * (Google not enabled, or cancelled at Google). Sign-in buttons keep where the visitor was going.
 */
export function googleButtonPage(intent: string, redirectTo: string): string {
  if (intent === "google-admin") return paths.admin.login();
  if (intent === "google-confirm") return paths.settings();
  const page = new URLSearchParams(intent === "google-register" ? { tab: "register" } : {});
  if (redirectTo !== "/app") page.set("redirectTo", redirectTo);
  return page.size ? `/auth?${page}` : "/auth";
}

/** The refusal when the Google account that came back is not the one this account signs in with. */
export const GOOGLE_NOT_THIS_ACCOUNT = "That Google account is not the one this iSent account signs in with.";

/** remix-auth-google with its endpoints settable, so the real flow can be tested offline. */
class ConfigurableGoogleStrategy extends GoogleStrategy<SignedInAccount> {
  constructor(settings: GoogleSettings, verify: ConstructorParameters<typeof GoogleStrategy<SignedInAccount>>[1]) {
    super(
      { clientID: settings.clientId, clientSecret: settings.clientSecret, callbackURL: settings.callbackUrl, prompt: "select_account" },
      verify,
    );
    if (settings.endpoints) {
      this.authorizationURL = settings.endpoints.authorizationURL;
      this.tokenURL = settings.endpoints.tokenURL;
      (this as unknown as { userInfoURL: string }).userInfoURL = settings.endpoints.userInfoURL;
    }
  }

  protected authorizationParams(params?: URLSearchParams): URLSearchParams {
    const sent = super.authorizationParams();
    if (params?.get("purpose") === GOOGLE_CONFIRM_PURPOSE) sent.set("max_age", "0");
    return sent;
  }
}

/**
 * When the person last signed in to Google (seconds), from the ID token the token endpoint sent
 * over TLS (so its signature need not be checked again); Google includes it once the project turns
 * on session age claims, and null otherwise.
 */
function googleAuthTime(idToken: string | undefined): number | null {
  try {
    const claims = JSON.parse(Buffer.from((idToken ?? "").split(".")[1] ?? "", "base64url").toString()) as { auth_time?: unknown };
    return typeof claims.auth_time === "number" ? claims.auth_time : null;
  } catch {
    return null;
  }
}

/** The account a fresh Google sign-in confirms: only the one linked to that Google id, nothing made or linked. */
async function confirmGoogleAccount(googleId: string, accountId: string, idToken: string | undefined): Promise<SignedInAccount> {
  const account = await findGoogleAccount(googleId);
  if (!account || account.id !== accountId) throw new AuthorizationError(GOOGLE_NOT_THIS_ACCOUNT);
  const authTime = googleAuthTime(idToken);
  if (authTime !== null && Date.now() / 1000 - authTime > GOOGLE_CONFIRMATION_SECONDS) {
    throw new AuthorizationError("Google did not ask you to sign in again. Please try again.");
  }
  return account;
}

/** What the Google callback passes to the strategy when it confirms the signed-in account instead of signing in. */
export type GoogleConfirmContext = { confirmAccountId: string };

export function googleSettingsFromConfig(): GoogleSettings | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET || !config.GOOGLE_CALLBACK_URL) return null;
  return { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, callbackUrl: config.GOOGLE_CALLBACK_URL };
}

function googleIdentity(profile: GoogleProfile) {
  const json = profile._json;
  return {
    googleId: json.sub ?? profile.id,
    email: (json.email ?? profile.emails?.[0]?.value ?? "").toLowerCase(),
    name: json.name ?? profile.displayName ?? "",
    pictureUrl: json.picture ?? profile.photos?.[0]?.value ?? null,
    emailVerified: json.email_verified === true,
  };
}

/** Why the form strategy refused: remix-auth hands it back as the AuthorizationError's cause. */
export class SignInRefused extends Error {
  constructor(readonly result: Exclude<SignInResult, { ok: true }>) {
    super("Login failed");
  }
}

export function createAuthenticator(google: GoogleSettings | null) {
  const authenticator = new Authenticator<SignedInAccount>(oauthStateStorage, { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new SignInRefused({ ok: false, reason: "invalid" });
      const result = await signInWithPassword({
        email: parsed.data.username,
        password: parsed.data.password,
        clientIp: clientIp(request),
      });
      passwordSignInEvent(request, "sign_in", parsed.data.username, result);
      if (!result.ok) throw new SignInRefused(result);
      return result.user;
    }),
    FORM_STRATEGY,
  );
  if (google) {
    authenticator.use(
      new ConfigurableGoogleStrategy(google, async ({ profile, context, extraParams }) => {
        const identity = googleIdentity(profile);
        const confirming = (context as Partial<GoogleConfirmContext> | undefined)?.confirmAccountId;
        if (confirming) return confirmGoogleAccount(identity.googleId, confirming, extraParams.id_token);
        if (!identity.email) throw new AuthorizationError("Your Google account has no email address.");
        const user = await findOrCreateGoogleAccount(identity);
        // As with a password: a suspended account does not sign in.
        if (!isActiveAccount(user)) throw new AuthorizationError("This account is suspended.");
        return user;
      }),
      GOOGLE_STRATEGY,
    );
  }
  return { authenticator, googleEnabled: Boolean(google), oauthStateStorage };
}

let configured: ReturnType<typeof createAuthenticator> | undefined;

export function auth() {
  configured ??= createAuthenticator(googleSettingsFromConfig());
  return configured;
}

/** Tests swap in an authenticator wired to a fake Google. */
export function useAuthenticator(replacement: ReturnType<typeof createAuthenticator> | undefined) {
  configured = replacement;
}

/** Message shown when Google is not set up (no client id, secret or callback URL configured). */
export const GOOGLE_NOT_ENABLED = "Google Sign-In is not enabled. Please contact support.";
