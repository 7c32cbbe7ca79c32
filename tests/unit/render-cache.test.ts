import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { config } from "~/config.server";
import { cachedRender } from "~/services/render-cache.server";

describe("drawn files kept on disk", () => {
  it("draws one new file for many requests at the same moment, each answered, the kept file whole", async () => {
    const relativePath = `test/${randomUUID()}/variant.webp`;
    const drawing = Buffer.alloc(64 * 1024, 7);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cachedRender(relativePath, async () => drawing)));
    for (const answer of answers) expect(answer.equals(drawing)).toBe(true);
    expect((await readFile(path.resolve(config.DATA_DIR, "cache", relativePath))).equals(drawing)).toBe(true);
  });
});
