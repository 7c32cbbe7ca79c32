import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the app learns about a request that the server's access log and metrics want after the
 * answer (server/observe.ts): who was signed in. The server hands a plain object to `serve`,
 * the app fills it in on the way; no header carries it out.
 */
export type RequestFacts = { requestId?: string; userId?: string };

const facts = new AsyncLocalStorage<RequestFacts>();

export function withRequestFacts<T>(value: RequestFacts, run: () => T): T {
  return facts.run(value, run);
}

/** The signed-in account behind this request (a session or an API token). */
export function noteRequestUser(userId: string) {
  const current = facts.getStore();
  if (current) current.userId = userId;
}

export function currentRequestId(): string | undefined {
  return facts.getStore()?.requestId;
}
