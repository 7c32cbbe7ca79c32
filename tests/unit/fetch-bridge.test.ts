import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { fetchRequest, sendBytes, sendResponse } from "../../server/fetch-bridge";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Serves `app` on a free port until the test ends: its base address. */
async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An Express app like server/web-server.ts whose "Remix" echoes the request it was handed. */
async function start(trustProxy: number) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.all("*", async (req, res) => {
    const request = fetchRequest(req, res, trustProxy);
    const echo = {
      method: request.method,
      url: request.url,
      forwardedFor: request.headers.get("X-Forwarded-For"),
      realIp: request.headers.get("X-Real-IP"),
      forwardedHost: request.headers.get("X-Forwarded-Host"),
      body: request.body ? await request.text() : null,
    };
    await sendResponse(
      Response.json(echo, {
        status: 201,
        headers: [
          ["Set-Cookie", "a=1"],
          ["Set-Cookie", "b=2"],
        ],
      }),
      res,
    );
  });
  return listen(app);
}

describe("the Express to Remix bridge", () => {
  it("ignores a client's claimed address when no proxy is trusted", async () => {
    const base = await start(0);
    const response = await fetch(`${base}/path?x=1`, {
      headers: {
        "X-Forwarded-For": "203.0.113.9",
        "X-Real-IP": "203.0.113.9",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "https",
      },
    });
    const echo = await response.json();
    expect(echo.forwardedFor).toMatch(/127\.0\.0\.1$/);
    expect(echo.realIp).toBeNull();
    expect(echo.forwardedHost).toBeNull();
    expect(echo.url).toBe(`${base}/path?x=1`);
  });

  it("believes the address a trusted proxy adds, and its host", async () => {
    const base = await start(1);
    const response = await fetch(`${base}/`, {
      headers: { "X-Forwarded-For": "198.51.100.1, 203.0.113.9", "X-Forwarded-Host": "isent.example.in", "X-Forwarded-Proto": "https" },
    });
    const echo = await response.json();
    expect(echo.forwardedFor).toBe("203.0.113.9");
    expect(echo.url).toBe("https://isent.example.in/");
  });

  it("passes a body through and sends status and every header back", async () => {
    const base = await start(0);
    const response = await fetch(`${base}/form`, { method: "POST", body: "name=Asha" });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toMatchObject({ method: "POST", body: "name=Asha" });
  });
});

describe("sending a big answer to a slow client", () => {
  it("reads the next piece only when the connection has taken the last, and stops reading when the client goes away", async () => {
    const piece = new Uint8Array(256 * 1024).fill(97);
    const pieces = 400; // 100 MB in all
    let pulled = 0;
    let cancelled = false;
    const app = express();
    app.get("*", async (_req, res) => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled === pieces) return controller.close();
          pulled++;
          controller.enqueue(piece);
        },
        cancel() {
          cancelled = true;
        },
      });
      // An archive, which is not compressed on the way: these bytes would shrink to almost nothing.
      await sendResponse(new Response(body, { headers: { "Content-Type": "application/zip" } }), res).catch(() => undefined);
    });
    const base = await listen(app);

    // A client that reads nothing for a while: the socket's buffers fill, and then the server waits.
    const waiting = await fetch(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // What the kernel's socket buffers hold (here about 4 MB; up to ~10 MB with Linux's default limits), not all 100 MB.
    expect(pulled).toBeLessThan(100);
    const bytes = (await waiting.arrayBuffer()).byteLength;
    expect(bytes).toBe(pieces * piece.byteLength);

    // A client that goes away: the rest is never read.
    pulled = 0;
    const controller = new AbortController();
    const leaving = await fetch(`${base}/leaving`, { signal: controller.signal });
    const reader = leaving.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(pieces);
  });
});

describe("sending an answer in one piece", () => {
  /** An app answering with the body it is told to, as server/web-server.ts answers with Remix's. */
  async function startAnswering(body: () => BodyInit, headers: Record<string, string> = {}) {
    const app = express();
    app.get("*", async (_req, res) => {
      await sendResponse(new Response(body(), { headers: { "Content-Type": "application/json; charset=utf-8", ...headers } }), res);
    });
    return listen(app);
  }

  it("sends a small JSON answer with its length and uncompressed, and a big one compressed as the client takes it", async () => {
    let size = 15;
    const base = await startAnswering(() => JSON.stringify({ text: "x".repeat(size - 11) }));
    const small = await fetch(`${base}/small`, { headers: { "Accept-Encoding": "gzip" } });
    expect(small.headers.get("Content-Length")).toBe("15");
    expect(small.headers.get("Content-Encoding")).toBeNull();
    // A bigger answer of this type would be compressed: caches keep one copy per encoding.
    expect(small.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await small.json()).toEqual({ text: "xxxx" });

    size = 20_000;
    for (const encoding of ["gzip", "br"]) {
      const big = await fetch(`${base}/big`, { headers: { "Accept-Encoding": encoding } });
      expect(big.headers.get("Content-Encoding")).toBe(encoding);
      expect(big.headers.get("Vary")).toBe("Accept-Encoding");
      expect((await big.json()).text).toHaveLength(size - 11);
    }
    const identity = await fetch(`${base}/big`, { headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers.get("Content-Encoding")).toBeNull();
    expect(Number(identity.headers.get("Content-Length"))).toBe(size);
  });

  it("writes bytes kept whole (the response cache's) as it writes a whole body: length, headers, compressed when big", async () => {
    const app = express();
    app.get("*", (req, res) => {
      const bytes = Buffer.from(JSON.stringify({ text: "x".repeat(req.path === "/big" ? 20_000 : 4) }));
      sendBytes(res, {
        status: 200,
        headers: [
          ["content-type", "application/json; charset=utf-8"],
          ["x-frame-options", "DENY"],
        ],
        bytes,
      });
    });
    const base = await listen(app);
    const small = await fetch(`${base}/small`, { headers: { "Accept-Encoding": "gzip" } });
    expect(small.headers.get("Content-Length")).toBe("15");
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(small.headers.get("Vary")).toBe("Accept-Encoding");
    expect(small.headers.get("X-Frame-Options")).toBe("DENY");
    expect(small.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(await small.json()).toEqual({ text: "xxxx" });
    const big = await fetch(`${base}/big`, { headers: { "Accept-Encoding": "gzip" } });
    expect(big.headers.get("Content-Encoding")).toBe("gzip");
    expect((await big.json()).text).toHaveLength(20_000);
  });

  it("leaves alone what must not be transformed, and what is no text", async () => {
    const big = () => JSON.stringify({ text: "x".repeat(20_000) });
    const cases: Array<Record<string, string>> = [{ "Cache-Control": "no-store, no-transform" }, { "Content-Type": "image/png" }];
    for (const headers of cases) {
      close?.();
      const base = await startAnswering(big, headers);
      const response = await fetch(`${base}/`, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.headers.get("Content-Encoding"), JSON.stringify(headers)).toBeNull();
      expect(response.headers.get("Vary"), JSON.stringify(headers)).toBeNull();
    }
  });

  it("sends a body whose pieces all come at once (a page React rendered whole) as one piece", async () => {
    const pieces = Array.from({ length: 60 }, (_, index) => `${index === 0 ? "[" : ","}"${"p".repeat(2000)}"`);
    const base = await startAnswering(
      () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
            controller.enqueue(new TextEncoder().encode("]"));
            controller.close();
          },
        }),
    );
    // Uncompressed, so the length the server tells is the body's: it was sent in one res.end.
    const response = await fetch(`${base}/page`, { headers: { "Accept-Encoding": "identity" } });
    expect(response.headers.get("Transfer-Encoding")).toBeNull();
    expect(Number(response.headers.get("Content-Length"))).toBe(pieces.join("").length + 1);
    expect(await response.json()).toHaveLength(60);
  });

  it("streams a body that comes in pieces, every piece in order", async () => {
    const pieces = ["[", '"a"', ",", '"b"', "]"];
    const base = await startAnswering(
      () =>
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            const piece = pieces.shift();
            if (piece === undefined) return controller.close();
            await new Promise((resolve) => setTimeout(resolve, 5));
            controller.enqueue(new TextEncoder().encode(piece));
          },
        }),
    );
    const response = await fetch(`${base}/stream`);
    expect(response.headers.get("Transfer-Encoding")).toBe("chunked");
    expect(await response.json()).toEqual(["a", "b"]);
  });
});
