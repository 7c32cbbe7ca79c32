import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { accessLog } from "../../server/access-log";

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("the access log (server/access-log.ts)", () => {
  it("logs the method, path and status, but not the query string, where a reset link's token travels", async () => {
    const lines: string[] = [];
    const app = express();
    app.use(accessLog({ stream: { write: (line: string) => lines.push(line) } }));
    app.get("/reset-password", (_req, res) => res.send("form"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();

    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/reset-password?token=secret&x=1`);
    await response.text();
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatch(/^GET \/reset-password 200 4 - [\d.]+ ms\n$/);
    expect(lines[0]).not.toContain("secret");
  });
});
