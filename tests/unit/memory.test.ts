import { afterEach, describe, expect, it } from "vitest";

import { config } from "~/config.server";
import { changeMark, defineMemory, forgetChanged, listMemories, setHearingChanges } from "~/memory/memory.server";

let count = 0;
/** A memory of its own for each test (names are unique in a process). */
const memory = <V>(spec: { max?: number; ttlMs?: number } = {}) =>
  defineMemory<V>({
    name: `test-${++count}`,
    purpose: "a test's",
    max: spec.max ?? 10,
    ttlMs: spec.ttlMs,
    dependsOn: ["account", "business"],
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  (config as { MEMORY: string }).MEMORY = "on";
});

describe("a memory", () => {
  it("works an answer out once for every asker, also while it is still being worked out", async () => {
    const kept = memory<Promise<string>>();
    let computed = 0;
    const compute = async () => {
      computed++;
      await sleep(5);
      return "answer";
    };
    const answers = await Promise.all([kept.remember("k", compute), kept.remember("k", compute), kept.remember("k", compute)]);
    expect(answers).toEqual(["answer", "answer", "answer"]);
    expect(await kept.remember("k", compute)).toBe("answer");
    expect(computed).toBe(1);
    expect(kept.stats()).toMatchObject({ size: 1, hits: 3, misses: 1 });
  });

  it("forgets a failed answer at once: the next asker tries again", async () => {
    const kept = memory<Promise<string>>();
    await expect(kept.remember("k", () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await kept.remember("k", async () => "back")).toBe("back");
  });

  it("answers afresh once its time, or the entry's own shorter time, is up", async () => {
    const kept = memory<Promise<number>>({ ttlMs: 10_000 });
    let n = 0;
    expect(await kept.remember("long", async () => ++n)).toBe(1);
    expect(await kept.remember("short", async () => ++n, { ttlMs: 20 })).toBe(2);
    expect(kept.keptUntil("short")).toBeGreaterThan(Date.now() - 1);
    await sleep(60);
    expect(await kept.remember("short", async () => ++n)).toBe(3);
    expect(await kept.remember("long", async () => ++n)).toBe(1);
  });

  it("does not use an entry kept under another version, and replaces it", async () => {
    const kept = memory<Promise<string>>();
    expect(await kept.remember("contacts", async () => "v1", { version: 1 })).toBe("v1");
    expect(await kept.remember("contacts", async () => "v2", { version: 2 })).toBe("v2");
    expect(await kept.remember("contacts", async () => "again", { version: 2 })).toBe("v2");
    expect(kept.stats().size).toBe(1);
  });

  it("keeps at most max entries, the least recently used going first", async () => {
    const kept = memory<Promise<string>>({ max: 2 });
    await kept.remember("a", async () => "a");
    await kept.remember("b", async () => "b");
    await kept.remember("a", async () => "not used");
    await kept.remember("c", async () => "c");
    expect(kept.recall("a")).toBeDefined();
    expect(kept.recall("b")).toBeUndefined();
    expect(kept.stats().size).toBe(2);
  });

  it("keeps plain values too, and forgets at once what was kept with a tag a change names", () => {
    setHearingChanges(true);
    const kept = memory<string>();
    kept.keep("s1", "asha's phone", { tags: ["account:asha"] });
    kept.keep("s2", "asha's laptop", { tags: ["account:asha"] });
    kept.keep("s3", "ravi's", { tags: ["account:ravi"] });
    expect(kept.recall("s1")).toBe("asha's phone");
    kept.forgetTagged(["account:asha"]);
    expect([kept.recall("s1"), kept.recall("s2")]).toEqual([undefined, undefined]);
    expect(kept.recall("s3")).toBe("ravi's");
    // The change feed's notice reaches every memory; "*" forgets whatever has a tag, and only that.
    kept.keep("plain", "no tags");
    forgetChanged(["account:ravi"]);
    expect(kept.recall("s3")).toBeUndefined();
    kept.keep("s4", "asha's tablet", { tags: ["account:asha"] });
    forgetChanged("*");
    expect([kept.recall("s4"), kept.recall("plain")]).toEqual([undefined, "no tags"]);
  });

  it("does not keep what was worked out before a change of its tags was heard, nor anything tagged while it cannot hear", () => {
    setHearingChanges(true);
    const kept = memory<string>();
    const before = changeMark();
    forgetChanged(["business:asha"]);
    kept.keep("stale", "read before the change", { tags: ["business:asha"], since: before });
    kept.keep("other", "another business's", { tags: ["business:ravi"], since: before });
    expect([kept.recall("stale"), kept.recall("other")]).toEqual([undefined, "another business's"]);

    setHearingChanges(false);
    expect(kept.recall("other")).toBeUndefined();
    kept.keep("unheard", "x", { tags: ["business:ravi"] });
    expect(kept.recall("unheard")).toBeUndefined();
    setHearingChanges(true);
  });

  it("with MEMORY=off keeps nothing: every ask works its answer out", async () => {
    (config as { MEMORY: string }).MEMORY = "off";
    const kept = memory<Promise<number>>();
    let n = 0;
    expect(await kept.remember("k", async () => ++n)).toBe(1);
    expect(await kept.remember("k", async () => ++n)).toBe(2);
    kept.keep("j", Promise.resolve(7));
    expect(kept.recall("j")).toBeUndefined();
    expect(kept.stats()).toMatchObject({ size: 0, hits: 0 });
  });

  it("is listed with its size and hits, and a second memory of one name is refused", async () => {
    const kept = memory<Promise<string>>();
    await kept.remember("k", async () => "v");
    // A peek is not a hit.
    expect(await kept.peek("k")).toBe("v");
    expect(listMemories().find((one) => one.name === kept.spec.name)).toMatchObject({ size: 1, misses: 1, max: 10 });
    expect(() => defineMemory({ name: kept.spec.name, purpose: "again", max: 1 })).toThrow(/already defined/);
  });
});
