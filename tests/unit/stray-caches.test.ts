import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { serverSourceFiles } from "../../scripts/memory-inventory";

const ROOT = path.resolve(__dirname, "../..");

/**
 * Module-level stores outside app/memory that keep no answers between requests, each with why. Anything
 * else kept between requests is a memory (defineMemory), bounded, with a purpose, in docs/memories.md.
 */
const NOT_CACHES: Record<string, string> = {
  "app/lib/gstin.ts stateOfCode": "a lookup table built once from the constant GST_STATE_CODES",
  "app/lib/gst-register.ts stateOfCode": "a lookup table built once from the constant GST_STATE_CODES",
  "app/models/invoices.server.ts stateByCode": "a lookup table built once from the constant GST_STATE_CODES",
  "app/lib/sms-reply.ts KEYWORD_ACTIONS": "a constant table of reply keywords",
  "app/lib/place-search.ts aliasGroupByCompactName": "a lookup table built once from the constant PLACE_NAME_ALIASES",
  "app/db/after-commit.server.ts waitingFor": "work waiting for a transaction to commit, dropped with the transaction",
  "app/utils/session.server.ts resolved": "one request's session, looked up once per request and dropped with it",
  "app/db/change-feed.server.ts syncsAwaited": "this process's own notices it waits to hear back (caughtUp), each gone within 2 s",
};

/** `const name = new Map(…)` (WeakMap, LRUCache) at the top of a module: one store for every request. */
const MODULE_LEVEL_STORE = /^(?:export\s+)?(?:const|let|var)\s+(\w+).*?=\s*new\s+(?:Map|WeakMap|LRUCache)\b/;

/** "file name" of each module-level store in app/ and server/ outside app/memory. */
function moduleLevelStores(): string[] {
  return serverSourceFiles().flatMap((file) =>
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line) => {
        const name = MODULE_LEVEL_STORE.exec(line)?.[1];
        return name ? [`${file} ${name}`] : [];
      }),
  );
}

describe("what the server keeps between requests", () => {
  it("is kept in app/memory's memories: no other module-level Map, WeakMap or LRUCache", () => {
    const unlisted = moduleLevelStores().filter((store) => !(store in NOT_CACHES));
    expect(
      unlisted,
      "keep answers between requests in a memory (defineMemory in app/memory), or, if this keeps none, list it in NOT_CACHES with why",
    ).toEqual([]);
  });

  it("lists as not caches only stores that are still there", () => {
    const stores = moduleLevelStores();
    expect(Object.keys(NOT_CACHES).filter((listed) => !stores.includes(listed))).toEqual([]);
  });
});
