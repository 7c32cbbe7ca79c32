import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import type { GoogleSettings } from "~/utils/auth.server";

/** What Google's userinfo endpoint says about the person who signs in. */
export type GoogleAccount = { sub: string; email: string; email_verified: boolean; name: string; picture: string };

/** How the next sign-in went: `authTime` (seconds) goes in the ID token's auth_time, as Google sends it once a project asks for session age claims. */
export type SignInOptions = { authTime?: number };

type Grant = { account: GoogleAccount; redirectUri: string } & SignInOptions;

export type FakeGoogle = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Settings for createAuthenticator that send the real strategy here. */
  settings(callbackUrl: string, overrides?: Partial<GoogleSettings>): GoogleSettings;
  /** Who signs in at the next /authorize; 'cancel' has Google send the visitor back with error=access_denied. */
  nextSignIn(account: GoogleAccount | "cancel", options?: SignInOptions): void;
  /** Every call, with the answer's status: what the app asked Google for. */
  calls: { path: string; status: number; params: URLSearchParams }[];
  close(): Promise<void>;
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * A local stand-in for Google's OAuth 2.0 endpoints that checks what Google
 * checks: the client, the one-time code, the redirect_uri the code was issued
 * for, the grant type and the bearer token.
 */
export async function startFakeGoogle(
  clientId = "fake-client-id.apps.googleusercontent.com",
  clientSecret = "fake-client-secret",
): Promise<FakeGoogle> {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, GoogleAccount>();
  const calls: FakeGoogle["calls"] = [];
  let next: GoogleAccount | "cancel" | undefined;
  let nextOptions: SignInOptions = {};

  function authorize(params: URLSearchParams, response: ServerResponse): number {
    const redirectUri = params.get("redirect_uri");
    const state = params.get("state");
    const scopes = (params.get("scope") ?? "").split(" ");
    const scopeOk = scopes.includes("openid") && scopes.some((s) => s.endsWith("email")) && scopes.some((s) => s.endsWith("profile"));
    if (params.get("client_id") !== clientId || params.get("response_type") !== "code" || !redirectUri || !state || !scopeOk) {
      send(response, 400, { error: "invalid_request" });
      return 400;
    }
    const back = new URL(redirectUri);
    back.searchParams.set("state", state);
    if (next === "cancel" || next === undefined) {
      back.searchParams.set("error", "access_denied");
    } else {
      const code = `4/${randomBytes(16).toString("base64url")}`;
      grants.set(code, { account: next, redirectUri, ...nextOptions });
      back.searchParams.set("code", code);
    }
    next = undefined;
    nextOptions = {};
    response.writeHead(302, { Location: back.toString() });
    response.end();
    return 302;
  }

  function token(params: URLSearchParams, response: ServerResponse): number {
    if (params.get("client_id") !== clientId || params.get("client_secret") !== clientSecret) {
      send(response, 401, { error: "invalid_client" });
      return 401;
    }
    const code = params.get("code") ?? "";
    const grant = grants.get(code);
    // A code works once, for the redirect_uri it was issued to.
    grants.delete(code);
    if (params.get("grant_type") !== "authorization_code" || !grant || grant.redirectUri !== params.get("redirect_uri")) {
      send(response, 400, { error: "invalid_grant" });
      return 400;
    }
    const accessToken = `ya29.${randomBytes(24).toString("base64url")}`;
    accessTokens.set(accessToken, grant.account);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: "https://accounts.google.com",
      aud: clientId,
      sub: grant.account.sub,
      email: grant.account.email,
      iat: now,
      exp: now + 3600,
      ...(grant.authTime === undefined ? {} : { auth_time: grant.authTime }),
    };
    const unsigned = `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}`;
    const idToken = `${unsigned}.${createHmac("sha256", clientSecret).update(unsigned).digest("base64url")}`;
    send(response, 200, {
      access_token: accessToken,
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid email profile",
      id_token: idToken,
    });
    return 200;
  }

  function userinfo(authorization: string | undefined, response: ServerResponse): number {
    const account = authorization?.startsWith("Bearer ") ? accessTokens.get(authorization.slice(7)) : undefined;
    if (!account) {
      send(response, 401, { error: "invalid_token" }, { "WWW-Authenticate": "Bearer" });
      return 401;
    }
    const [givenName, ...family] = account.name.split(" ");
    send(response, 200, { ...account, given_name: givenName, family_name: family.join(" "), locale: "en" });
    return 200;
  }

  const server = createServer(async (request, response) => {
    // A connection per call: a kept one the server closes after 5 s idle could be reused by fetch at
    // that very moment on a busy machine (ECONNRESET), failing a test for nothing it checks.
    response.setHeader("Connection", "close");
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const params = request.method === "POST" ? new URLSearchParams(await readBody(request)) : url.searchParams;
    let status: number;
    if (request.method === "GET" && url.pathname === "/authorize") status = authorize(params, response);
    else if (request.method === "POST" && url.pathname === "/token") status = token(params, response);
    else if (request.method === "GET" && url.pathname === "/userinfo") status = userinfo(request.headers.authorization, response);
    else {
      send(response, 404, { error: "not_found" });
      status = 404;
    }
    calls.push({ path: url.pathname, status, params });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    calls,
    settings: (callbackUrl, overrides = {}) => ({
      clientId,
      clientSecret,
      callbackUrl,
      endpoints: { authorizationURL: `${url}/authorize`, tokenURL: `${url}/token`, userInfoURL: `${url}/userinfo` },
      ...overrides,
    }),
    nextSignIn(account, options = {}) {
      next = account;
      nextOptions = options;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
