import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { INVENTORY_FILE, OUT_OF_DATE, memoryInventory } from "../../scripts/memory-inventory";

const ROOT = path.resolve(__dirname, "../..");

let inventory: string;

beforeAll(async () => {
  inventory = await memoryInventory();
});

describe("the inventory of memories", () => {
  it(`${INVENTORY_FILE} lists what registers now`, () => {
    expect(readFileSync(path.join(ROOT, INVENTORY_FILE), "utf8"), OUT_OF_DATE).toBe(inventory);
  });

  it("gives each memory a row: name, purpose, entries at most, time, the tags that forget it, the module that defines it", () => {
    expect(inventory).toContain(
      "| qr-codes | business cards' QR codes as SVG, by the card's URL | 1,000 | each entry's own, or until forgotten |  | `app/services/qr-code.server.ts` |",
    );
    expect(inventory).toContain("| 10 s | `feed` | `app/models/feed-cache.server.ts` |");
  });

  it("loads every memory's module without opening a database or starting anything", () => {
    expect((globalThis as { __databaseHandle?: unknown }).__databaseHandle).toBeUndefined();
    // A timer or a socket a module started would keep the script's process running past the limit.
    const script = spawnSync(process.execPath, ["--import", "tsx", "scripts/memory-inventory.ts", "--check"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(script.signal, "the script did not end by itself").toBeNull();
    expect(script.stderr).toBe("");
    expect(script.status).toBe(0);
  });
});
