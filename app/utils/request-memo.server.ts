import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work done once per incoming request, however many loaders ask for it. Remix hands each loader a
 * Request of its own when the address holds ?index or ?_data (a copy per route), so a memo keyed on
 * the Request object could look the session up once per route; this one lives as long as the
 * incoming request.
 *
 * Only reads (GET, HEAD) get one: a form post runs its action before the loaders, and what the
 * action changes (a sign-out, a new balance) must be read afresh by them.
 */
const memos = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `handle` with a memo for this request when it only reads. */
export function withRequestMemo<T>(request: Request, handle: () => Promise<T>): Promise<T> {
  if (request.method !== "GET" && request.method !== "HEAD") return handle();
  return memos.run(new Map(), handle);
}

/** `compute()`, shared by every caller with the same key within this request (computed each time outside one). */
export function oncePerRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const memo = memos.getStore();
  if (!memo) return compute();
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = compute();
    memo.set(key, pending);
  }
  return pending;
}
