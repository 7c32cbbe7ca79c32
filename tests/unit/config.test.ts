import { describe, expect, it } from "vitest";

import { missingPublicUrl, parseConfig, serverProcesses } from "~/config.server";

import { problemsOf } from "../support/config";

describe("environment validation", () => {
  it("has working defaults for a fresh machine", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO_DATA).toBe(true);
    expect(config.TRUST_PROXY).toBe(0);
    expect(config.HOST).toBe("0.0.0.0");
  });

  it("names TRUST_PROXY when it is not a small whole number of proxies", () => {
    expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(problemsOf({ TRUST_PROXY: "yes" })[0]).toMatch(/^TRUST_PROXY must be a number/);
    expect(problemsOf({ TRUST_PROXY: "-1" })[0]).toMatch(/^TRUST_PROXY must be 0 or more/);
  });

  it("runs WEB_CONCURRENCY processes on PostgreSQL, one by default, and one on the embedded database, saying why", () => {
    const postgres = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/isent" };
    expect(serverProcesses(parseConfig(postgres))).toEqual({ count: 1, notice: null });
    expect(serverProcesses(parseConfig({ ...postgres, WEB_CONCURRENCY: "4" }))).toEqual({ count: 4, notice: null });
    const embedded = serverProcesses(parseConfig({ WEB_CONCURRENCY: "4" }));
    expect(embedded.count).toBe(1);
    expect(embedded.notice).toMatch(/^WEB_CONCURRENCY=4 is ignored: the embedded database \(PGlite\) runs in one process/);
    expect(problemsOf({ WEB_CONCURRENCY: "0" })[0]).toMatch(/^WEB_CONCURRENCY must be between 1 and 64/);
    expect(problemsOf({ WEB_CONCURRENCY: "two" })[0]).toMatch(/^WEB_CONCURRENCY must be a number/);
  });

  it("gives sessions their lifetimes: a business 14 days idle and 30 in all, the admin 30 minutes idle and 12 hours in all", () => {
    expect(parseConfig({})).toMatchObject({
      SESSION_IDLE_DAYS: 14,
      SESSION_MAX_DAYS: 30,
      ADMIN_SESSION_IDLE_MINUTES: 30,
      ADMIN_SESSION_MAX_HOURS: 12,
    });
    expect(parseConfig({ SESSION_MAX_DAYS: "7", ADMIN_SESSION_MAX_HOURS: "4", ADMIN_SESSION_IDLE_MINUTES: "15" })).toMatchObject({
      SESSION_MAX_DAYS: 7,
      ADMIN_SESSION_MAX_HOURS: 4,
      ADMIN_SESSION_IDLE_MINUTES: 15,
    });
    expect(problemsOf({ SESSION_MAX_DAYS: "0" })[0]).toMatch(/^SESSION_MAX_DAYS must be at least 1/);
    expect(problemsOf({ ADMIN_SESSION_MAX_HOURS: "1.5" })[0]).toMatch(/^ADMIN_SESSION_MAX_HOURS must be a whole number/);
    expect(problemsOf({ ADMIN_SESSION_IDLE_MINUTES: "soon" })[0]).toMatch(/^ADMIN_SESSION_IDLE_MINUTES must be a number/);
  });

  it("names PORT when it is not a number", () => {
    const [problem] = problemsOf({ PORT: "abc" });
    expect(problem).toMatch(/^PORT /);
    expect(problem).toContain('"abc"');
  });

  it("needs the bucket's keys with S3_BUCKET, names them, and checks S3_ENDPOINT is a URL", () => {
    expect(problemsOf({ S3_BUCKET: "isent-uploads" })).toEqual([
      "S3_ACCESS_KEY_ID is required when S3_BUCKET is set",
      "S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set",
    ]);
    expect(problemsOf({ S3_BUCKET: "isent-uploads", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" })).toEqual([]);
    expect(problemsOf({ S3_ENDPOINT: "s3.example.in" })[0]).toMatch(/^S3_ENDPOINT must be a full URL/);
    const defaults = parseConfig({});
    expect([defaults.S3_BUCKET, defaults.S3_REGION]).toEqual([undefined, "ap-south-1"]);
  });

  it("rejects out-of-range ports", () => {
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT must be between 1 and 65535/);
  });

  it("names DATABASE_URL when it is not a postgres URL, and treats empty as unset", () => {
    expect(problemsOf({ DATABASE_URL: "mysql://localhost/db" })[0]).toMatch(/^DATABASE_URL must start with postgres/);
    expect(parseConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("never prints secret values", () => {
    const [problem] = problemsOf({ ADMIN_PASSWORD: "short" });
    expect(problem).toMatch(/^ADMIN_PASSWORD/);
    expect(problem).not.toContain("short");
  });

  it("lists every bad variable at once", () => {
    expect(problemsOf({ PORT: "x", ADMIN_EMAIL: "nope", NODE_ENV: "staging" })).toHaveLength(3);
  });

  it("takes the public origin from PUBLIC_URL only, and refuses a path or a non-web scheme", () => {
    expect(parseConfig({ PUBLIC_URL: "https://isent.example.in/" }).PUBLIC_ORIGIN).toBe("https://isent.example.in");
    expect(parseConfig({ PORT: "4000" }).PUBLIC_ORIGIN).toBe("http://localhost:4000");
    expect(problemsOf({ PUBLIC_URL: "https://isent.example.in/app" })[0]).toMatch(/^PUBLIC_URL must be the site's address alone/);
    expect(problemsOf({ PUBLIC_URL: "https://isent.example.in?x=1" })[0]).toMatch(/^PUBLIC_URL must be the site's address alone/);
    expect(problemsOf({ PUBLIC_URL: "ftp://isent.example.in" })[0]).toMatch(/^PUBLIC_URL must start with https:\/\/ or http:\/\//);
  });

  it("requires PUBLIC_URL of a production server, except `npm start` on a laptop", () => {
    const production = parseConfig({ NODE_ENV: "production" });
    expect(missingPublicUrl(production, { npm_lifecycle_event: "serve" })).toMatch(/^PUBLIC_URL is required in production/);
    expect(missingPublicUrl(production, {})).toMatch(/^PUBLIC_URL is required in production/);
    expect(missingPublicUrl(production, { npm_lifecycle_event: "start" })).toBeNull();
    expect(missingPublicUrl(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://isent.example.in" }), {})).toBeNull();
    expect(missingPublicUrl(parseConfig({ NODE_ENV: "development" }), {})).toBeNull();
  });

  it("needs all three of Razorpay's variables once one is set, naming the others", () => {
    expect(problemsOf({ RAZORPAY_KEY_ID: "rzp_test_x" })).toEqual([
      expect.stringMatching(/^RAZORPAY_KEY_SECRET is required with Razorpay's keys/),
      expect.stringMatching(/^RAZORPAY_WEBHOOK_SECRET is required with Razorpay's keys/),
    ]);
  });
});
