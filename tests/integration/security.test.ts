import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { admins, refreshTokens, users } from "~/db/schema";
import { loader as dashboardLoader } from "~/routes/_app+/app";
import { action as adminCreateAction } from "~/routes/admin_+/create-user";
import { action as adminLoginAction } from "~/routes/admin_+/login";
import { action as adminLogoutAction } from "~/routes/admin_+/logout";
import { action as refreshAction } from "~/routes/api+/auth.refresh";
import { action as tokenAction } from "~/routes/api+/auth.token";
import { loader as meLoader } from "~/routes/api+/user.me";
import { action as authAction } from "~/routes/_auth+/auth";
import { action as googleAction } from "~/routes/_auth+/auth_.google";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { action as resetAction } from "~/routes/_auth+/reset-password";
import { requireUser } from "~/utils/session.server";

import { PASSWORD, createUser, sessionCookieFor, sessionRowsOf, submitLogin, uniqueEmail } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, EVIL_SITE, SITE, call, getRequest, jsonPost, type RouteHandler } from "../support/http";

const test = setupTestDatabase();

const REFUSED = "This form was sent from another site and was refused.";

describe("cross-site form posts (CSRF)", () => {
  it.each<[string, RouteHandler, Record<string, string>]>([
    ["/auth", authAction, { intent: "login", username: "someone@shop.example.in", password: PASSWORD }],
    ["/logout", logoutAction, {}],
    ["/reset-password", resetAction, { token: "x".repeat(43), password: "brand-new-pass" }],
    ["/auth/google", googleAction, { intent: "google-login" }],
    ["/admin/login", adminLoginAction, { email: "admin@isent.example.in", password: PASSWORD }],
    ["/admin/create-user", adminCreateAction, { email: "admin@isent.example.in", password: PASSWORD, name: "Admin" }],
    ["/admin/logout", adminLogoutAction, {}],
  ])("POST %s from another site is refused with 403", async (path, action, fields) => {
    for (const sender of [{ origin: EVIL_SITE }, { origin: null, referer: `${EVIL_SITE}/page` }, { origin: "null" }]) {
      const reply = await new Browser().submit(action, path, fields, sender);
      expect(reply.status).toBe(403);
      expect(reply.data).toBe(REFUSED);
    }
  });

  it("a cross-site login or registration changes nothing", async () => {
    const user = await createUser();
    const crossSiteLogin = await submitLogin(new Browser(), user.email, PASSWORD, {}, { origin: EVIL_SITE });
    expect(crossSiteLogin.status).toBe(403);
    expect(crossSiteLogin.headers.getSetCookie()).toEqual([]);
    expect(await sessionRowsOf(user.id)).toEqual([]);

    const email = uniqueEmail("csrf");
    const crossSiteRegistration = await new Browser().submit(
      authAction,
      "/auth",
      { intent: "register", username: email, password: PASSWORD, name: "Victim", businessName: "Victim Shop", mobileNumber: "9845012345" },
      { origin: EVIL_SITE },
    );
    expect(crossSiteRegistration.status).toBe(403);
    expect(await test.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const crossSiteAdmin = await new Browser().submit(
      adminCreateAction,
      "/admin/create-user",
      { email: "admin@isent.example.in", password: PASSWORD, name: "Admin" },
      { origin: EVIL_SITE },
    );
    expect(crossSiteAdmin.status).toBe(403);
    expect(await test.db.select().from(admins)).toEqual([]);
  });

  it("a cross-site logout leaves the session signed in", async () => {
    const user = await createUser();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(user.id));
    expect((await browser.submit(logoutAction, "/logout", {}, { origin: EVIL_SITE })).status).toBe(403);
    expect(await sessionRowsOf(user.id)).toHaveLength(1);
    expect((await requireUser(browser.request("/app"))).id).toBe(user.id);
  });

  it("lets through this site's own Origin or Referer, the public origin behind a proxy, and clients that send neither", async () => {
    const user = await createUser();
    const senders = [
      { origin: SITE },
      { origin: null, referer: `${SITE}/auth?tab=login` },
      { origin: "https://isent.example.in", headers: { "X-Forwarded-Host": "isent.example.in", "X-Forwarded-Proto": "https" } },
      { origin: null },
    ];
    for (const sender of senders) {
      const reply = await submitLogin(new Browser(), user.email, PASSWORD, {}, sender);
      expect(reply).toMatchObject({ status: 302, location: "/app" });
    }
  });
});

describe("cross-site API calls", () => {
  it("POST /api/auth/token from another site: 403 {message} and no token issued", async () => {
    const user = await createUser();
    const reply = await call(tokenAction, jsonPost("/api/auth/token", { email: user.email, password: PASSWORD }, { origin: EVIL_SITE }));
    expect(reply.status).toBe(403);
    expect(reply.data).toEqual({ message: "Requests from other sites are not allowed" });
    const [issued] = await test.db.select({ n: count() }).from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(issued.n).toBe(0);

    const sameSite = await call(tokenAction, jsonPost("/api/auth/token", { email: user.email, password: PASSWORD }, { origin: SITE }));
    expect(sameSite.status).toBe(200);
  });

  it("POST /api/auth/refresh from another site: 403 and the refresh token is not spent", async () => {
    const user = await createUser();
    const { refreshToken } = (
      await call<{ refreshToken: string }>(tokenAction, jsonPost("/api/auth/token", { email: user.email, password: PASSWORD }))
    ).data;
    const crossSite = await call(refreshAction, jsonPost("/api/auth/refresh", { refreshToken }, { origin: EVIL_SITE }));
    expect(crossSite.status).toBe(403);
    expect((await call(refreshAction, jsonPost("/api/auth/refresh", { refreshToken }))).status).toBe(200);
  });
});

describe("one user never sees another's data", () => {
  it("each cookie and each token answers for its own user only", async () => {
    const asha = await createUser({ name: "Asha", businessName: "Asha Sweets" });
    const ravi = await createUser({ name: "Ravi", businessName: "Ravi Hardware" });
    await test.db.update(users).set({ balance: 40 }).where(eq(users.id, asha.id));
    const cookies = { asha: await sessionCookieFor(asha.id), ravi: await sessionCookieFor(ravi.id) };
    const tokens = {
      asha: (await call<{ accessToken: string }>(tokenAction, jsonPost("/api/auth/token", { email: asha.email, password: PASSWORD }))).data
        .accessToken,
      ravi: (await call<{ accessToken: string }>(tokenAction, jsonPost("/api/auth/token", { email: ravi.email, password: PASSWORD }))).data
        .accessToken,
    };
    const me = (headers: Record<string, string>) =>
      call<{ id: string; email: string; balance: number }>(meLoader, getRequest("/api/user/me", { headers }));

    const asRavi: Record<string, string>[] = [
      { Cookie: cookies.ravi },
      { Authorization: `Bearer ${tokens.ravi}` },
      // Ravi's token on a browser Asha signed in: the token decides, never a mix.
      { Authorization: `Bearer ${tokens.ravi}`, Cookie: cookies.asha },
    ];
    for (const headers of asRavi) {
      const reply = await me(headers);
      expect(reply.data).toMatchObject({ id: ravi.id, email: ravi.email, balance: 100 });
      expect(JSON.stringify(reply.data)).not.toContain(asha.email);
    }
    expect((await me({ Cookie: cookies.asha })).data).toMatchObject({ id: asha.id, balance: 40 });
    expect((await me({ Authorization: `Bearer ${tokens.asha}` })).data).toMatchObject({ id: asha.id, balance: 40 });

    expect((await requireUser(new Browser().request("/app", { cookie: cookies.ravi }))).id).toBe(ravi.id);
    const dashboard = await call<{ name: string; balance: number }>(dashboardLoader, getRequest("/app", { cookie: cookies.ravi }));
    expect(dashboard.data).toMatchObject({ name: "Ravi", businessName: "Ravi Hardware", balance: 100 });
  });
});
