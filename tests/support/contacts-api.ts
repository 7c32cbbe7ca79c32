import { issueTokenPair } from "~/models/api-tokens.server";
import { action as contactsAction, loader as contactsLoader } from "~/routes/api+/contacts";
import { action as contactAction, loader as contactLoader } from "~/routes/api+/contacts_.$id";

import { sessionCookieFor } from "./accounts";
import { SITE, call, freshIp } from "./http";

/** An API client with a bearer token (or the browser's session cookie) calling the contacts endpoints. */
export async function contactsApiClient(userId: string, { cookie = false } = {}) {
  const credentials: Record<string, string> = cookie
    ? { Cookie: await sessionCookieFor(userId), Origin: SITE }
    : { Authorization: `Bearer ${(await issueTokenPair(userId)).accessToken}` };
  return async <Data = unknown>(method: string, path: string, body?: unknown) => {
    const request = new Request(new URL(path, SITE), {
      method,
      headers: { ...credentials, "Content-Type": "application/json", "X-Forwarded-For": freshIp() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const id = /^\/api\/contacts\/([^/?]+)/.exec(path)?.[1];
    return id === undefined
      ? call<Data>(method === "GET" ? contactsLoader : contactsAction, request)
      : call<Data>(method === "GET" ? contactLoader : contactAction, request, { id });
  };
}
