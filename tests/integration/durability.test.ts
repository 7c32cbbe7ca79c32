import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { openPglite } from "~/db/client.server";

describe("the embedded database", () => {
  it("keeps every committed row when its process is killed with SIGKILL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "isent-durability-"));
    try {
      const writer = spawn(process.execPath, ["--import", "tsx", "tests/support/pglite-writer.ts", dataDir, "50"], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      await new Promise<void>((resolve, reject) => {
        writer.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("committed")) resolve();
        });
        writer.on("exit", (code) => reject(new Error(`writer exited early with ${code}`)));
      });
      const exited = new Promise((resolve) => writer.on("exit", (_code, signal) => resolve(signal)));
      writer.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");

      const reopened = openPglite({ dataDir });
      try {
        const result = await reopened.db.execute(sql`select count(*)::int as rows, max(id) as last from durability`);
        const [row] = (result as unknown as { rows: Array<{ rows: number; last: number }> }).rows;
        expect(row).toEqual({ rows: 50, last: 50 });
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
