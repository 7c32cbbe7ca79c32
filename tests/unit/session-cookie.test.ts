import { afterEach, describe, expect, it, vi } from "vitest";

/** The session cookie as set by this configuration (config is read once, when the modules load). */
async function sessionCookieUnder(env: { NODE_ENV: string; PUBLIC_URL: string }) {
  vi.resetModules();
  vi.stubEnv("NODE_ENV", env.NODE_ENV);
  vi.stubEnv("PUBLIC_URL", env.PUBLIC_URL);
  const { sessionStorage } = await import("~/utils/session.server");
  const session = await sessionStorage.getSession();
  session.set("sessionId", "00000000-0000-4000-8000-000000000000");
  return sessionStorage.commitSession(session, { maxAge: 60 });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the session cookie", () => {
  it("is __Host-session, Secure, Path=/ and without Domain on an https site in production", async () => {
    const line = await sessionCookieUnder({ NODE_ENV: "production", PUBLIC_URL: "https://isent.example.in" });
    expect(line).toMatch(/^__Host-session=/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\/;/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/Domain=/i);
  });

  it("is __session without Secure on a plain-http site, where browsers would drop a __Host- cookie", async () => {
    const line = await sessionCookieUnder({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" });
    expect(line).toMatch(/^__session=/);
    expect(line).not.toMatch(/Secure/);
    expect(line).toMatch(/; HttpOnly/);
  });

  it("is __session without Secure outside production, even with an https address", async () => {
    const line = await sessionCookieUnder({ NODE_ENV: "development", PUBLIC_URL: "https://isent.example.in" });
    expect(line).toMatch(/^__session=/);
    expect(line).not.toMatch(/Secure/);
  });
});
