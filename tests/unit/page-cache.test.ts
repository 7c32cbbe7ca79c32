import { randomUUID } from "node:crypto";

import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";

import { clearPageCache, keepPage, keptPage, renderKey } from "~/utils/page-cache.server";
import { RESPONSE_CACHE_TTL_MS } from "~/utils/response-cache.server";

const get = (path = "/", method = "GET") => new Request(`http://localhost${path}`, { method });

/** The part of Remix's entry context the key is made from. */
function context(loaderData: Record<string, unknown>, extra: { actionData?: unknown; errors?: unknown } = {}): EntryContext {
  return {
    staticHandlerContext: { loaderData, actionData: extra.actionData ?? null, errors: extra.errors ?? null },
  } as unknown as EntryContext;
}

const feed = (likedIds: string[], label = "Indiranagar") => ({
  root: { toast: null, signedIn: false, pageTime: 1_700_000_000_000 },
  "routes/_index/route": { posts: [{ id: "p1", likesCount: 3 }], likedIds, location: { label } },
});

afterEach(() => {
  clearPageCache();
  vi.useRealTimers();
});

describe("renderKey", () => {
  it("is the same for the same address and data, whenever the page was drawn", () => {
    const later = { ...feed([]), root: { ...feed([]).root, pageTime: 1_700_000_009_000 } };
    expect(renderKey(get(), 200, context(feed([])))).toEqual(renderKey(get(), 200, context(later)));
  });

  it("differs for another visitor's likes, place, session or toast, and for another address", () => {
    const base = renderKey(get(), 200, context(feed([])))?.key;
    const others = [
      renderKey(get(), 200, context(feed(["p1"])))?.key,
      renderKey(get(), 200, context(feed([], "Jayanagar")))?.key,
      renderKey(get(), 200, context({ ...feed([]), root: { ...feed([]).root, signedIn: true } }))?.key,
      renderKey(get(), 200, context({ ...feed([]), root: { ...feed([]).root, toast: { id: "t1", title: "Saved" } } }))?.key,
      renderKey(get("/?q=tea"), 200, context(feed([])))?.key,
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it("tells apart values JSON alone would not: dates from strings, maps, sets, undefined from null", () => {
    const at = new Date("2026-11-26T10:00:00Z");
    const pairs: Array<[unknown, unknown]> = [
      [at, at.toISOString()],
      [new Map([["a", 1]]), new Map([["b", 2]])],
      [new Set(["a"]), new Set(["b"])],
      [undefined, null],
    ];
    for (const [one, other] of pairs) {
      expect(renderKey(get(), 200, context({ root: { value: one } }))?.key).not.toBe(
        renderKey(get(), 200, context({ root: { value: other } }))?.key,
      );
    }
  });

  it("is null for what must be drawn afresh: other methods, other statuses, an action's data, errors", () => {
    expect(renderKey(get("/", "POST"), 200, context(feed([])))).toBeNull();
    expect(renderKey(get(), 404, context(feed([])))).toBeNull();
    expect(renderKey(get(), 200, context(feed([]), { actionData: { "routes/x": { ok: false } } }))).toBeNull();
    expect(renderKey(get(), 200, context(feed([]), { errors: { root: new Error("boom") } }))).toBeNull();
  });
});

describe("kept pages", () => {
  const html = (nonce: string, formKey = "") =>
    `<html><script nonce="${nonce}">a</script><p>é ₹</p><input value="${formKey}"><script nonce="${nonce}">"${formKey}"</script></html>`;
  const plain = (key: string) => ({ key, perAnswer: [] });
  const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);

  it("come back with each answer's own nonce in every place the old one stood", () => {
    keepPage(plain("k"), html("old+nonce/="), "old+nonce/=");
    expect(text(keptPage(plain("k"), "new-nonce"))).toBe(html("new-nonce"));
    expect(keptPage(plain("other"), "new-nonce")).toBeNull();
  });

  it("hold this answer's own form key (a random id made for each), not the drawn one's, and leave it out of the key", () => {
    const [drawn, asked] = [randomUUID(), randomUUID()];
    const composer = (idempotencyKey: string) =>
      context({ root: { signedIn: true }, "routes/_app+/send-post": { price: 5, idempotencyKey } });
    const first = renderKey(get("/send-post"), 200, composer(drawn))!;
    const second = renderKey(get("/send-post"), 200, composer(asked))!;
    expect(first).toEqual({ key: second.key, perAnswer: [drawn] });
    keepPage(first, html("n1", drawn), "n1");
    expect(text(keptPage(second, "n2"))).toBe(html("n2", asked));
    // Not a random id: part of the key like any other data.
    expect(renderKey(get("/send-post"), 200, composer("fixed"))!.key).not.toBe(renderKey(get("/send-post"), 200, composer("other"))!.key);
  });

  it("are forgotten after the cache's time", () => {
    vi.useFakeTimers();
    keepPage(plain("k"), html("n"), "n");
    // Kept for the whole time (app/memory: an entry is used while its age is at most its time), not a millisecond more.
    vi.advanceTimersByTime(RESPONSE_CACHE_TTL_MS);
    expect(keptPage(plain("k"), "m")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(keptPage(plain("k"), "m")).toBeNull();
  });

  it("are not kept when too big to be worth the memory", () => {
    keepPage(plain("big"), `<p>${"x".repeat(600 * 1024)}</p>`, "n");
    expect(keptPage(plain("big"), "m")).toBeNull();
  });
});
