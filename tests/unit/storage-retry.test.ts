import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { attemptsWithin, backoffDelay, maxBackoffDelay, retryFits, STORAGE_WINDOWS, timeLeft } from "~/lib/storage-retry";
import { createS3Storage, StorageError } from "~/services/storage.server";

import { startFlakyS3 } from "../support/fake-s3";

describe("the storage retry policy", () => {
  it("doubles the longest pause from 200 ms up to 20 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((retry) => maxBackoffDelay(retry))).toEqual([
      200, 400, 800, 1600, 3200, 6400, 12_800, 20_000, 20_000, 20_000,
    ]);
  });

  it("pauses from half the longest pause to all of it (equal jitter)", () => {
    expect(backoffDelay(3, undefined, () => 0)).toBe(400);
    expect(backoffDelay(3, undefined, () => 0.5)).toBe(600);
    expect(backoffDelay(3, undefined, () => 0.9999)).toBe(799);
    const pauses = Array.from({ length: 200 }, () => backoffDelay(4));
    expect(Math.min(...pauses)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...pauses)).toBeLessThan(1600);
    expect(new Set(pauses).size).toBeGreaterThan(50);
  });

  it("allows as many tries as fit in the window with the shortest pauses, so the window's deadline is what ends them", () => {
    expect(STORAGE_WINDOWS.operationMs).toBe(120_000);
    expect(attemptsWithin(STORAGE_WINDOWS.operationMs)).toBe(18);
    // 17 shortest pauses make 112.7 s; an 18th would make 122.7 s.
    const shortest = (count: number) =>
      Array.from({ length: count }, (_, index) => maxBackoffDelay(index + 1) / 2).reduce((sum, pause) => sum + pause, 0);
    expect(shortest(17)).toBe(112_700);
    expect(attemptsWithin(50)).toBe(1);
    expect(attemptsWithin(1_000, { baseMs: 100, capMs: 100 })).toBe(21);
  });

  it("tries again only when the longest pause leaves time for the try (a quarter of the window, at most 5 s)", () => {
    const window = STORAGE_WINDOWS.operationMs;
    expect(retryFits(0, 0, 1, window)).toBe(true);
    expect(retryFits(0, 95_000, 8, window)).toBe(true);
    expect(retryFits(0, 95_001, 8, window)).toBe(false);
    expect(retryFits(0, 114_900, 1, window)).toBe(false);
    // The 15 s of an upload someone waits for: 3.75 s are kept for the last try.
    expect(retryFits(0, 10_000, 5, STORAGE_WINDOWS.waitedMs)).toBe(false);
    expect(retryFits(0, 8_000, 5, STORAGE_WINDOWS.waitedMs)).toBe(true);
  });

  it("gives a background job what is left of the 10-minute upload window, at most one operation's 2 minutes", () => {
    const since = new Date("2026-11-26T12:00:00Z");
    const at = (seconds: number) => new Date(since.getTime() + seconds * 1000);
    expect(timeLeft(since, STORAGE_WINDOWS.uploadMs, at(0))).toBe(120_000);
    expect(timeLeft(since, STORAGE_WINDOWS.uploadMs, at(540))).toBe(60_000);
    expect(timeLeft(since, STORAGE_WINDOWS.uploadMs, at(600))).toBe(0);
    expect(timeLeft(since, STORAGE_WINDOWS.uploadMs, at(900))).toBe(0);
  });
});

describe("the S3 storage client against a bucket that fails", () => {
  let s3: Awaited<ReturnType<typeof startFlakyS3>>;
  const storage = (options: { operationWindowMs?: number; maxRetryDelayMs?: number } = {}) =>
    createS3Storage({ ...s3, region: "ap-south-1", maxRetryDelayMs: 50, ...options });
  const bytes = new TextEncoder().encode("a photo");

  // A fresh bucket for each test: no fault left over from another.
  beforeEach(async () => {
    s3 = await startFlakyS3();
  });
  afterEach(() => s3.close());

  it("stores a file on the third try when the bucket answers 503 SlowDown twice", async () => {
    s3.failNext({ status: 503, code: "SlowDown" }, 2);
    expect(await storage().put("u/slow.jpg", bytes, "image/jpeg")).toBe("/uploads/u/slow.jpg");
    expect(s3.requests.map((request) => request.method)).toEqual(["PUT", "PUT", "PUT"]);
    expect(s3.requests.map((request) => request.attempt?.split(";")[0])).toEqual(["attempt=1", "attempt=2", "attempt=3"]);
    expect(s3.objects.get("u/slow.jpg")?.body.toString()).toBe("a photo");
  });

  it("reads a file on the third try after two 500 InternalError answers", async () => {
    await storage().put("u/read.jpg", bytes, "image/jpeg");
    s3.failNext({ status: 500, code: "InternalError" }, 2);
    expect((await storage().get("u/read.jpg"))?.bytes.toString()).toBe("a photo");
    expect(s3.requests.map((request) => request.method)).toEqual(["PUT", "GET", "GET", "GET"]);
  });

  it("tries again after a request that was never answered (a try's own timeout or a reset)", async () => {
    s3.failNext({ status: 502, code: "BadGateway" });
    await storage().put("u/gateway.jpg", bytes, "image/jpeg");
    expect(s3.requests).toHaveLength(2);
  });

  it.each([
    [403, "AccessDenied"],
    [404, "NoSuchBucket"],
    [400, "InvalidArgument"],
  ])("fails at once, without another try, on %i %s", async (status, code) => {
    s3.failNext({ status, code });
    const failed = storage().put("u/refused.jpg", bytes, "image/jpeg");
    await expect(failed).rejects.toBeInstanceOf(StorageError);
    await expect(failed).rejects.toThrow(`File storage could not store u/refused.jpg`);
    expect(s3.requests).toHaveLength(1);
    expect(s3.objects.size).toBe(0);
  });

  it("gives up with a clear error when the bucket still fails at the end of the window", async () => {
    s3.failNext({ status: 503, code: "SlowDown" }, 1000);
    const began = Date.now();
    // Pauses of 100 to 200 ms: a few tries, not enough to spend the SDK's retry quota (tested below).
    const failed = storage({ operationWindowMs: 800, maxRetryDelayMs: 200 }).put("u/down.jpg", bytes, "image/jpeg");
    await expect(failed).rejects.toThrow(/^File storage could not store u\/down\.jpg: SlowDown \(fake\) \(tried \d+ times\)$/);
    // The last retry whose longest pause still ended inside the window was made; none after it.
    const took = Date.now() - began;
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(800);
    expect(s3.requests.length).toBeGreaterThanOrEqual(3);
  });

  it("stops trying at once when the client's retry quota is spent by a long outage (the SDK's circuit breaker)", async () => {
    s3.failNext({ status: 503, code: "ServiceUnavailable" }, 1000);
    const client = storage();
    await expect(client.put("u/outage.jpg", bytes, "image/jpeg")).rejects.toThrow(
      "File storage could not store u/outage.jpg: ServiceUnavailable (fake)",
    );
    // 500 tokens at 14 a retry: 35 retries, then the first try's failure is final.
    expect(s3.requests).toHaveLength(36);
    s3.requests.length = 0;
    await expect(client.put("u/outage.jpg", bytes, "image/jpeg")).rejects.toThrow(StorageError);
    expect(s3.requests).toHaveLength(1);
  });

  it("stops a try that hangs when the window is up", async () => {
    s3.hangNext(1);
    const began = Date.now();
    await expect(storage({ operationWindowMs: 500 }).put("u/hang.jpg", bytes, "image/jpeg")).rejects.toThrow(
      "File storage could not store u/hang.jpg: no answer within 0.5 s",
    );
    expect(Date.now() - began).toBeLessThan(1_500);
  });

  it("keeps to a caller's shorter window (an upload someone waits for)", async () => {
    s3.failNext({ status: 503, code: "SlowDown" }, 1000);
    const began = Date.now();
    // The bucket's last answer, or (a try slower than the time kept for it, on a busy machine) the cut-off.
    await expect(storage().put("u/waited.jpg", bytes, "image/jpeg", { withinMs: 400 })).rejects.toThrow(
      /^File storage could not store u\/waited\.jpg: (SlowDown \(fake\) \(tried \d+ times\)|no answer within 0\.4 s)$/,
    );
    expect(Date.now() - began).toBeLessThan(550);
  });

  it("keeps each call to its own window, one after another on the same storage", async () => {
    const shared = storage();
    s3.failNext({ status: 503, code: "SlowDown" }, 2);
    await shared.put("u/a.jpg", bytes, "image/jpeg", { withinMs: 5_000 });
    s3.failNext({ status: 500, code: "InternalError" }, 2);
    await shared.put("u/b.jpg", bytes, "image/jpeg", { withinMs: 7_321 });
    expect(s3.requests).toHaveLength(6);
    s3.failNext({ status: 503, code: "SlowDown" }, 1000);
    const began = Date.now();
    await expect(shared.put("u/c.jpg", bytes, "image/jpeg", { withinMs: 300 })).rejects.toThrow(
      /^File storage could not store u\/c\.jpg: (SlowDown \(fake\) \(tried \d+ times\)|no answer within 0\.3 s)$/,
    );
    expect(Date.now() - began).toBeLessThan(450);
  });

  it("answers null and false for a missing file, without trying again", async () => {
    expect(await storage().get("u/none.jpg")).toBeNull();
    expect(await storage().exists("u/none.jpg")).toBe(false);
    expect(s3.requests).toHaveLength(2);
  });
});
