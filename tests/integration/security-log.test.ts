import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import { action as adminLoginAction } from "~/routes/admin_+/login";
import { action as refreshAction } from "~/routes/api+/auth.refresh";
import { action as tokenAction } from "~/routes/api+/auth.token";
import { securityLog } from "~/utils/security-log.server";

import { ADMIN_EMAIL, PASSWORD, createUser, designatedAdmin, submitLogin } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, call, jsonPost } from "../support/http";

setupTestDatabase();

let write: MockInstance<(line: string) => void>;

beforeEach(() => {
  write = vi.spyOn(securityLog, "write").mockImplementation(() => {});
});

afterEach(() => {
  write.mockRestore();
});

/** Every line written since the test began, each parsed (each must be one JSON object). */
function lines(): Record<string, unknown>[] {
  return write.mock.calls.map(([line]) => {
    expect(line).not.toContain("\n");
    return JSON.parse(line) as Record<string, unknown>;
  });
}

const recently = () => expect.toSatisfy((time: string) => Math.abs(Date.parse(time) - Date.now()) < 60_000);

describe("the security log", () => {
  it("writes one line for a failed sign-in: who, from where, why; never the password", async () => {
    const user = await createUser();
    const browser = new Browser();
    expect((await submitLogin(browser, user.email.toUpperCase(), "wrong-password-123")).status).toBe(401);
    expect(lines()).toEqual([
      {
        time: recently(),
        type: "security",
        event: "sign_in",
        method: "password",
        outcome: "failure",
        reason: "invalid",
        email: user.email,
        ip: browser.ip,
        path: "/auth",
      },
    ]);
    expect(write.mock.calls[0][0]).not.toContain("wrong-password-123");
  });

  it("writes one line for a refresh token presented twice, naming the account and never the token", async () => {
    const user = await createUser();
    const issued = await call<{ refreshToken: string }>(
      tokenAction,
      jsonPost("/api/auth/token", { email: user.email, password: PASSWORD }),
    );
    const { refreshToken } = issued.data;
    expect((await call(refreshAction, jsonPost("/api/auth/refresh", { refreshToken }))).status).toBe(200);
    write.mockClear();

    const reuse = await call(refreshAction, jsonPost("/api/auth/refresh", { refreshToken }, { ip: "203.0.113.9" }));
    expect(reuse.status).toBe(401);
    expect(lines()).toEqual([
      {
        time: recently(),
        type: "security",
        event: "refresh_token_reuse",
        outcome: "failure",
        userId: user.id,
        ip: "203.0.113.9",
        path: "/api/auth/refresh",
      },
    ]);
    expect(write.mock.calls[0][0]).not.toContain(refreshToken);
  });

  it("tells an API sign-in and the admin's sign-in apart, and logs success as well as failure", async () => {
    const user = await createUser();
    const admin = await designatedAdmin();
    expect((await call(tokenAction, jsonPost("/api/auth/token", { email: user.email, password: PASSWORD }))).status).toBe(200);
    expect((await new Browser().submit(adminLoginAction, "/admin/login", { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await new Browser().submit(adminLoginAction, "/admin/login", { email: ADMIN_EMAIL, password: PASSWORD })).status).toBe(302);
    expect(lines()).toEqual([
      expect.objectContaining({ event: "sign_in", outcome: "success", userId: user.id, path: "/api/auth/token" }),
      expect.objectContaining({ event: "admin_sign_in", outcome: "failure", reason: "not_admin", email: user.email, path: "/admin/login" }),
      expect.objectContaining({ event: "admin_sign_in", outcome: "success", userId: admin.id, email: ADMIN_EMAIL, path: "/admin/login" }),
    ]);
  });
});
