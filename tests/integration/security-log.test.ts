import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import { serve } from "~/entry.server";
import { issueAccessToken } from "~/models/api-tokens.server";
import { signOutOfEveryDevice } from "~/models/account-settings.server";
import { action as settingsAction } from "~/routes/_account+/settings";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { loader as adminUsersLoader } from "~/routes/admin+/users";
import { action as adminLoginAction } from "~/routes/admin_+/login";
import { action as adminLogoutAction } from "~/routes/admin_+/logout";
import { action as refreshAction } from "~/routes/api+/auth.refresh";
import { action as tokenAction } from "~/routes/api+/auth.token";
import { action as contactsApi } from "~/routes/api+/contacts";
import { action as razorpayWebhook } from "~/routes/api+/payments.razorpay.webhook";
import { action as msg91Delivery } from "~/routes/api+/sms.delivery.msg91";
import { action as twilioInbound } from "~/routes/api+/sms.inbound.twilio";
import { loader as meApi } from "~/routes/api+/user.me";
import { securityLog } from "~/utils/security-log.server";

import { ADMIN_EMAIL, PASSWORD, createUser, designatedAdmin, sessionCookieFor, sessionIdIn, submitLogin } from "../support/accounts";
import { adminCookie } from "../support/admin";
import { setupTestDatabase } from "../support/database";
import { Browser, EVIL_SITE, SITE, call, formPost, getRequest, jsonPost } from "../support/http";

// MSG91's webhook token as an installation configures it (read once, when config loads).
const MSG91_TOKEN = vi.hoisted(() => (process.env.MSG91_WEBHOOK_TOKEN = "msg91-webhook-token-for-the-log-tests"));

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

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

const fromThisTest = (entry: Record<string, unknown>) => ({ time: recently(), type: "security", ...entry });

describe("the security log: refusals", () => {
  it("a form post or /api write from another site: one line with that site's origin only, never its path or query", async () => {
    const browser = new Browser();
    const page = await serve(
      formPost("/auth", { intent: "login" }, { ip: browser.ip, origin: null, referer: `${EVIL_SITE}/trap?token=secret-of-theirs` }),
      async () => new Response("never drawn"),
    );
    expect(page.status).toBe(403);
    const api = await call(contactsApi, jsonPost("/api/contacts", { name: "Asha" }, { ip: "203.0.113.7", origin: EVIL_SITE }));
    expect(api.status).toBe(403);
    // A form of this site, and a client without a browser (no Origin), are no event.
    await serve(formPost("/auth", { intent: "login" }), async () => new Response("drawn"));
    await call(contactsApi, jsonPost("/api/contacts", { name: "Asha" }));
    expect(lines()).toEqual([
      fromThisTest({ event: "cross_site_refused", outcome: "failure", origin: EVIL_SITE, ip: browser.ip, path: "/auth" }),
      fromThisTest({ event: "cross_site_refused", outcome: "failure", origin: EVIL_SITE, ip: "203.0.113.7", path: "/api/contacts" }),
    ]);
    expect(write.mock.calls[0][0]).not.toContain("secret-of-theirs");
  });

  it("a signed-in business at /admin, and API tokens forged, expired, revoked or not bearer: who and why, never the token", async () => {
    const owner = await createUser();
    const business = await signedIn(owner.id);
    expect((await call(adminUsersLoader, business.request("/admin/users"))).status).toBe(302);
    // Someone without a session is only sent to sign in: no event.
    expect((await call(adminUsersLoader, new Browser().request("/admin/users"))).status).toBe(302);

    const valid = issueAccessToken({ userId: owner.id, tokenVersion: 0 });
    const [format, payload] = valid.split(".");
    const forged = `${format}.${payload}.${"A".repeat(43)}`;
    const expired = issueAccessToken({ userId: owner.id, tokenVersion: 0 }, Date.now() - 16 * 60 * 1000);
    const askWith = (authorization: string) =>
      call(meApi, getRequest("/api/user/me", { ip: "198.51.100.4", headers: { Authorization: authorization } }));
    expect((await askWith(`Bearer ${valid}`)).status).toBe(200);
    for (const token of [forged, expired, "not-a-token"]) expect((await askWith(`Bearer ${token}`)).status).toBe(401);
    expect((await askWith(`Basic ${Buffer.from("a:b").toString("base64")}`)).status).toBe(401);
    await signOutOfEveryDevice(owner.id);
    expect((await askWith(`Bearer ${valid}`)).status).toBe(401);

    const refused = (reason: string, extra: Record<string, unknown> = {}) =>
      fromThisTest({ event: "access_refused", outcome: "failure", reason, ip: "198.51.100.4", path: "/api/user/me", ...extra });
    expect(lines()).toEqual([
      fromThisTest({
        event: "access_refused",
        outcome: "failure",
        reason: "not_admin",
        userId: owner.id,
        ip: business.ip,
        path: "/admin/users",
      }),
      refused("bad_signature"),
      refused("expired_token"),
      refused("malformed_token"),
      refused("not_bearer"),
      refused("revoked_token", { userId: owner.id }),
    ]);
    for (const [line] of write.mock.calls) for (const token of [valid, forged, expired]) expect(line).not.toContain(token.split(".")[2]);
  });

  it("webhooks without their valid signature or token: the provider and whether a proof came, never the proof nor the numbers", async () => {
    const razorpay = (signature: string | null) =>
      call(
        razorpayWebhook,
        new Request(new URL("/api/payments/razorpay/webhook", SITE), {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Forwarded-For": "192.0.2.1",
            ...(signature ? { "X-Razorpay-Signature": signature } : {}),
          },
          body: JSON.stringify({ event: "payment_link.paid" }),
        }),
      );
    const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      new Request(new URL(path, SITE), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "192.0.2.1", ...headers },
        body: new URLSearchParams(fields).toString(),
      });
    const reply = { MessageSid: "SM1", From: "+919812345678", To: "+15005550006", Body: "STOP" };

    expect((await razorpay("00".repeat(32))).status).toBe(401);
    expect((await razorpay(null)).status).toBe(401);
    expect((await call(twilioInbound, form("/api/sms/inbound/twilio", reply, { "X-Twilio-Signature": "bm90IHJpZ2h0" }))).status).toBe(401);
    expect((await call(msg91Delivery, form("/api/sms/delivery/msg91?token=guessed-token", { data: "[]" }))).status).toBe(401);
    expect((await call(msg91Delivery, form("/api/sms/delivery/msg91", { data: "[]" }))).status).toBe(401);
    // The right token: whatever the body, no refusal to log.
    expect((await call(msg91Delivery, form(`/api/sms/delivery/msg91?token=${MSG91_TOKEN}`, { data: "[]" }))).status).not.toBe(401);

    const refused = (provider: string, reason: string, path: string) =>
      fromThisTest({ event: "webhook_refused", outcome: "failure", provider, reason, ip: "192.0.2.1", path });
    expect(lines()).toEqual([
      refused("razorpay", "invalid", "/api/payments/razorpay/webhook"),
      refused("razorpay", "missing", "/api/payments/razorpay/webhook"),
      refused("twilio", "invalid", "/api/sms/inbound/twilio"),
      refused("msg91", "invalid", "/api/sms/delivery/msg91"),
      refused("msg91", "missing", "/api/sms/delivery/msg91"),
    ]);
    const written = write.mock.calls.map(([line]) => line).join("\n");
    for (const secret of ["00".repeat(32), "bm90IHJpZ2h0", "guessed-token", "9812345678"]) expect(written).not.toContain(secret);
  });
});

describe("the security log: an account's own changes", () => {
  it("a password change, refused and done, from /settings", async () => {
    const owner = await createUser();
    const here = await signedIn(owner.id);
    const change = (currentPassword: string) =>
      here.submit(settingsAction, "/settings", { intent: "change-password", currentPassword, password: "blue-kettle-morning-7" });
    expect((await change("not-my-password")).status).toBe(400);
    expect((await change(PASSWORD)).status).toBe(302);
    expect(lines()).toEqual([
      fromThisTest({
        event: "password_changed",
        outcome: "failure",
        reason: "wrong-password",
        userId: owner.id,
        ip: here.ip,
        path: "/settings",
      }),
      fromThisTest({ event: "password_changed", outcome: "success", userId: owner.id, ip: here.ip, path: "/settings" }),
    ]);
    for (const [line] of write.mock.calls) expect(line).not.toMatch(/not-my-password|blue-kettle|correct-horse/);
  });

  it("sign-outs: Logout here, the admin's, another device, all the others and every device, each once with its scope", async () => {
    const owner = await createUser();
    const [phone, laptop, spare] = [await signedIn(owner.id), await signedIn(owner.id), await signedIn(owner.id)];
    // A tablet: the one session 'all the others' ends besides the phone's.
    await signedIn(owner.id);
    const settings = (browser: Browser, fields: Record<string, string>) => browser.submit(settingsAction, "/settings", fields);

    expect((await settings(phone, { intent: "sign-out-session", sessionId: (await sessionIdIn(spare.cookie))! })).status).toBe(302);
    expect((await laptop.submit(logoutAction, "/logout", {})).status).toBe(302);
    expect((await settings(phone, { intent: "sign-out-other-sessions" })).status).toBe(302);
    const again = await signedIn(owner.id);
    expect((await settings(again, { intent: "sign-out-everywhere" })).status).toBe(302);
    const admin = new Browser();
    admin.setCookie(await adminCookie());
    expect((await admin.submit(adminLogoutAction, "/admin/logout", {})).status).toBe(302);
    // A Logout without a session ends nothing: no event.
    expect((await new Browser().submit(logoutAction, "/logout", {})).status).toBe(302);

    const { id: adminId } = await designatedAdmin();
    const signOut = (browser: Browser, scope: string, extra: Record<string, unknown> = {}) =>
      fromThisTest({ event: "sign_out", outcome: "success", userId: owner.id, scope, ip: browser.ip, path: "/settings", ...extra });
    expect(lines()).toEqual([
      signOut(phone, "other_device", { count: 1 }),
      signOut(laptop, "this_device", { path: "/logout" }),
      signOut(phone, "other_devices", { count: 1 }),
      signOut(again, "every_device"),
      signOut(admin, "this_device", { userId: adminId, path: "/admin/logout" }),
    ]);
  });
});
