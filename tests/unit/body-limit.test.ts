import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { answerExpectContinue, limitBodies } from "../../server/body-limit";
import { fetchRequest, sendResponse } from "../../server/fetch-bridge";

const MB = 1024 * 1024;

let close: (() => void) | undefined;
afterEach(() => close?.());

/** What the stand-in for Remix saw of each request it was handed. */
type Seen = { path: string; received?: number; error?: string; aborted?: boolean };

/** An Express app as server/web-server.ts builds it, whose "Remix" reads the body and answers with its size. */
async function start() {
  const seen: Seen[] = [];
  const app = express();
  app.use(limitBodies);
  app.all("*", async (req, res) => {
    const request = fetchRequest(req, res, 0);
    const entry: Seen = { path: req.path };
    seen.push(entry);
    try {
      entry.received = (await request.arrayBuffer()).byteLength;
    } catch (error) {
      entry.error = (error as Error).message;
    }
    entry.aborted = request.signal.aborted;
    await sendResponse(Response.json({ received: entry.received ?? null }), res);
  });
  const server = createServer(app);
  answerExpectContinue(server, app);
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** 64 KB of a form: two fields of 32 KB (within the limits on a field's bytes and on the number of fields). */
const FORM_PIECE = new TextEncoder().encode(`a=${"x".repeat(32 * 1024 - 3)}&`.repeat(2));

/** A form sent without a length (chunked), in 64 KB pieces. */
function chunked(bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const piece = Math.min(FORM_PIECE.length, bytes - sent);
      sent += piece;
      controller.enqueue(FORM_PIECE.slice(0, piece));
    },
  });
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
/** A body of no form type (the /api routes read such bodies themselves). */
const RAW = {};
const post = (url: string, body: BodyInit, headers: Record<string, string> = FORM) =>
  fetch(url, { method: "POST", body, headers: body instanceof FormData ? {} : headers, duplex: "half" } as RequestInit);

describe("the request body limit (server/body-limit.ts)", () => {
  it("lets a body within the limit through, with or without a declared length", async () => {
    const { base, seen } = await start();
    expect(await (await post(`${base}/add-contact`, new URLSearchParams({ name: "Asha" }))).json()).toEqual({ received: 9 });
    expect(await (await post(`${base}/api/contacts`, chunked(MB))).json()).toEqual({ received: MB });
    expect(seen.map(({ error }) => error)).toEqual([undefined, undefined]);
  });

  it("refuses a page's body declared over 1 MB with a small page, before anything reads it", async () => {
    const { base, seen } = await start();
    const response = await post(`${base}/add-contact`, new Uint8Array(MB + 1));
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Connection")).toBe("close");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline';.*frame-ancestors 'none'$/,
    );
    const page = await response.text();
    expect(page).toContain("<title>That was too much to send | iSent</title>");
    expect(page).toContain("What you sent is larger than 1 MB. Please send less and try again.");
    expect(page).toContain('<a href="/">Back to Feed</a>');
    expect(seen).toEqual([]);
  });

  it("answers an /api client in JSON", async () => {
    const { base, seen } = await start();
    const response = await post(`${base}/api/contacts`, new Uint8Array(60 * MB));
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.json()).toEqual({ message: "Request body too large (limit 1 MB)" });
    expect(seen).toEqual([]);
  });

  it("counts a body sent without a length, and stops reading it once it passes the limit", async () => {
    const { base, seen } = await start();
    const api = await post(`${base}/api/contacts`, chunked(3 * MB));
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ message: "Request body too large (limit 1 MB)" });
    const page = await post(`${base}/add-contact`, chunked(3 * MB));
    expect(page.status).toBe(413);
    expect(await page.text()).toContain("That was too much to send");
    // The reader got an error, not a cut-off body, and its request was aborted.
    await expect.poll(() => seen.length === 2 && seen.every((entry) => "aborted" in entry)).toBe(true);
    for (const entry of seen) {
      expect(entry).toEqual({ path: entry.path, error: "Request body too large (limit 1 MB)", aborted: true });
    }
  });

  it("takes up to 12 MB on an upload route, and no more", async () => {
    const { base } = await start();
    expect(await (await post(`${base}/api/uploads`, new Uint8Array(5 * MB), RAW)).json()).toEqual({ received: 5 * MB });
    expect(await (await post(`${base}/api/uploads`, chunked(12 * MB), RAW)).json()).toEqual({ received: 12 * MB });
    const declared = await post(`${base}/api/uploads`, new Uint8Array(12 * MB + 1), RAW);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "Request body too large (limit 12 MB)" });
    expect((await post(`${base}/api/uploads`, chunked(13 * MB), RAW)).status).toBe(413);
  });

  it("refuses a form with more than 200 fields before its reader gets them, on pages and /api alike", async () => {
    const { base, seen } = await start();
    const fields = (n: number) => new URLSearchParams(Array.from({ length: n }, (_, index) => [`f${index}`, "x"]));
    expect(await (await post(`${base}/add-contact`, fields(200))).json()).toEqual({ received: fields(200).toString().length });

    const page = await post(`${base}/add-contact`, fields(10_000));
    expect(page.status).toBe(413);
    expect(await page.text()).toContain("The form had more than 200 fields. Please send less and try again.");
    const multipart = new FormData();
    for (let index = 0; index < 10_000; index++) multipart.append(`f${index}`, "x");
    const api = await post(`${base}/api/contacts`, multipart);
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ message: "Too many form fields (limit 200)" });
    await expect.poll(() => seen.length === 3 && seen.every((entry) => "aborted" in entry)).toBe(true);
    expect(seen.slice(1).map(({ error, aborted }) => ({ error, aborted }))).toEqual([
      { error: "Too many form fields (limit 200)", aborted: true },
      { error: "Too many form fields (limit 200)", aborted: true },
    ]);
  });

  it("takes a campaign's 1,000 picked contacts on the campaign composer and its live count (also as .data), and no more", async () => {
    const { base } = await start();
    const picked = (n: number) =>
      new URLSearchParams([["name", "Diwali"], ...Array.from({ length: n }, (_, index) => ["contactIds", `id-${index}`])]);
    for (const path of ["/campaigns/new", "/campaigns/new.data", "/campaigns/new/estimate"]) {
      expect((await post(`${base}${path}`, picked(1_000))).status, path).toBe(200);
    }
    const tooMany = await post(`${base}/campaigns/new`, picked(1_300));
    expect(tooMany.status).toBe(413);
    expect(await tooMany.text()).toContain("more than 1200 fields");
    expect((await post(`${base}/add-contact`, picked(1_000))).status).toBe(413);
  });

  it("takes one file on an upload route, 12 on the composer, none elsewhere; a form sent by JavaScript (.data) has its page's limits", async () => {
    const { base } = await start();
    const files = (n: number) => {
      const data = new FormData();
      data.append("intent", "upload");
      for (let index = 0; index < n; index++) data.append("file", new File(["x"], `photo${index}.jpg`, { type: "image/jpeg" }));
      return data;
    };
    expect((await post(`${base}/api/uploads`, files(1))).status).toBe(200);
    const two = await post(`${base}/api/uploads`, files(2));
    expect(two.status).toBe(413);
    expect(await two.json()).toEqual({ message: "Too many files (limit 1)" });
    expect((await post(`${base}/send-post`, files(12))).status).toBe(200);
    expect((await post(`${base}/send-offers.data`, files(12))).status).toBe(200);
    const thirteen = await post(`${base}/send-post`, files(13));
    expect(thirteen.status).toBe(413);
    expect(await thirteen.text()).toContain("The form had more than 12 files. Please choose fewer and try again.");
    const none = await post(`${base}/add-contact`, files(1));
    expect(none.status).toBe(413);
    expect(await none.text()).toContain("This form takes no files. Please send it without them.");
    const bigFile = new FormData();
    bigFile.append("file", new File([new Uint8Array(5 * MB)], "contacts.csv"));
    expect((await post(`${base}/contacts/import.data`, bigFile)).status).toBe(200);
  });

  it("refuses a page's body that is not a form (JSON, CSV) with 415, unread; /api reads its own types", async () => {
    const { base, seen } = await start();
    const json = await post(`${base}/add-contact`, '{"name":"Asha"}', { "Content-Type": "application/json" });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain("This page takes forms only. Please send it from the page's own form.");
    expect((await post(`${base}/contacts/import.data`, "name,mobile\n", { "Content-Type": "text/csv" })).status).toBe(415);
    expect(seen).toEqual([]);
    expect(await (await post(`${base}/api/contacts/import`, "name,mobile\n", { "Content-Type": "text/csv" })).json()).toEqual({
      received: 12,
    });
    // A post with no body at all (a bare button) is no body to refuse.
    expect((await fetch(`${base}/logout`, { method: "POST" })).status).toBe(200);
  });

  it("refuses a form field longer than 64 KB before its reader gets it", async () => {
    const { base } = await start();
    const long = await post(`${base}/send-post`, new URLSearchParams({ content: "x".repeat(64 * 1024) }));
    expect(long.status).toBe(413);
    expect(await long.text()).toContain("One of the form's fields is longer than 64 KB. Please send less and try again.");
    const multipart = new FormData();
    multipart.append("notes", "x".repeat(64 * 1024 + 1));
    const api = await post(`${base}/api/contacts`, multipart);
    expect(await api.json()).toEqual({ message: "A form field is longer than 64 KB" });
  });

  it("does not invite a client that asks first (Expect: 100-continue) to send a body it would refuse", async () => {
    const { base } = await start();
    /** Sends the headers, and the body only if the server says to go on. */
    const ask = (path: string, length: number) =>
      new Promise<{ status: number; invited: boolean }>((resolve, reject) => {
        let invited = false;
        const request = httpRequest(`${base}${path}`, {
          method: "POST",
          headers: { ...FORM, "Content-Length": length, Expect: "100-continue" },
        });
        request.on("continue", () => {
          invited = true;
          request.end(Buffer.alloc(length));
        });
        request.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode!, invited }));
        });
        request.on("error", reject);
        request.flushHeaders();
      });
    expect(await ask("/add-contact", 20 * MB)).toEqual({ status: 413, invited: false });
    expect(await ask("/add-contact", 1000)).toEqual({ status: 200, invited: true });
  });
});
