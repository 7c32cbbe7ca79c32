import { describe, expect, it } from "vitest";

import { serve } from "~/entry.server";
import { action as settingsAction } from "~/routes/_account+/settings";
import { action as logoutAction } from "~/routes/_auth+/logout";
import { action as adminLogoutAction } from "~/routes/admin_+/logout";
import { loader as contactsApi } from "~/routes/api+/contacts";
import { issueAccessToken } from "~/models/api-tokens.server";

import { PASSWORD, createUser, sessionCookieFor } from "../support/accounts";
import { adminCookie } from "../support/admin";
import { setupTestDatabase } from "../support/database";
import { Browser, type Reply } from "../support/http";

setupTestDatabase();

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

/** A page as entry.server draws it: HTML with its own headers and none about caching unless given. */
const drawnPage =
  (headers: Record<string, string> = {}) =>
  async () =>
    new Response("<!DOCTYPE html><p>Asha, +91 98123 45678</p>", { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("answers made for a session stay out of the browser's caches", () => {
  it("a signed-in or admin page, its .data and ?_data= payloads, and a redirect: private, no-store", async () => {
    const owner = await createUser();
    const business = await signedIn(owner.id);
    for (const path of ["/contacts", "/contacts.data", "/contacts?_data=routes%2F_app%2B%2Fcontacts", "/admin/users.data"]) {
      const response = await serve(business.request(path), drawnPage());
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    // Headers made immutable (Response.redirect) are copied, the rule with them.
    const redirect = await serve(business.request("/old"), async () => Response.redirect("http://localhost/contacts", 302));
    expect(redirect.headers.get("Cache-Control")).toBe("private, no-store");
    expect(redirect.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("an API client's answer (a bearer token, no cookie) too; /api's own JSON keeps its no-store", async () => {
    const owner = await createUser();
    const token = issueAccessToken({ userId: owner.id, tokenVersion: 0 });
    const bearer = new Browser().request("/contacts/export.csv", { headers: { Authorization: `Bearer ${token}` } });
    const download = await serve(bearer, async () => new Response("name,mobile\n", { headers: { "Content-Type": "text/csv" } }));
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");

    const api = new Browser().request("/api/contacts", { headers: { Authorization: `Bearer ${token}` } });
    const listed = await serve(api, async (request) => (await contactsApi({ request, params: {}, context: {} })) as Response);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("Cache-Control")).toBe("no-store");
  });

  it("an answer that says how it may be kept keeps it: a public image, the feed's own revalidation", async () => {
    const business = await signedIn((await createUser()).id);
    const image = await serve(business.request("/card/1/card.png"), drawnPage({ "Cache-Control": "public, max-age=300" }));
    expect(image.headers.get("Cache-Control")).toBe("public, max-age=300");
    const feed = await serve(business.request("/"), drawnPage({ "Cache-Control": "private, no-cache" }));
    expect(feed.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("public pages for a visitor without a session are left as they are", async () => {
    const visitor = new Browser();
    visitor.setCookie("anon_id=abc");
    visitor.setCookie("not__session=1");
    for (const request of [visitor.request("/business/1"), new Browser().request("/learn"), visitor.request("/_root.data")]) {
      const response = await serve(request, drawnPage());
      expect(response.headers.get("Cache-Control"), request.url).toBeNull();
    }
  });
});

describe("signing out has the browser wipe what it kept", () => {
  const clearsSiteData = (reply: Reply) => reply.headers.get("Clear-Site-Data");

  it("Logout, the admin's Logout, and 'Sign out of every device': its cache and storage, not its cookies", async () => {
    const owner = await createUser();
    const logout = await (await signedIn(owner.id)).submit(logoutAction, "/logout", {});
    expect(logout.status).toBe(302);
    expect(clearsSiteData(logout)).toBe('"cache", "storage"');

    const everywhere = await (await signedIn(owner.id)).submit(settingsAction, "/settings", { intent: "sign-out-everywhere" });
    expect(everywhere.status).toBe(302);
    expect(clearsSiteData(everywhere)).toBe('"cache", "storage"');

    const admin = new Browser();
    admin.setCookie(await adminCookie());
    const adminLogout = await admin.submit(adminLogoutAction, "/admin/logout", {});
    expect(clearsSiteData(adminLogout)).toBe('"cache", "storage"');
  });

  it("not when this browser stays signed in: other devices signed out, a password changed", async () => {
    const owner = await createUser();
    await signedIn(owner.id);
    const here = await signedIn(owner.id);
    const others = await here.submit(settingsAction, "/settings", { intent: "sign-out-other-sessions" });
    expect(others.status).toBe(302);
    expect(clearsSiteData(others)).toBeNull();
    const changed = await here.submit(settingsAction, "/settings", {
      intent: "change-password",
      currentPassword: PASSWORD,
      password: "blue-kettle-morning-7",
    });
    expect(changed.status).toBe(302);
    expect(clearsSiteData(changed)).toBeNull();
  });
});
