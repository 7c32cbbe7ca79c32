import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { users } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/schemas/text";
import { loader as contactsLoader } from "~/routes/_app+/contacts";
import { action as authAction } from "~/routes/_auth+/auth";
import { loader as homeLoader } from "~/routes/_index/route";
import { action as adminCreateAction } from "~/routes/admin_+/create-user";
import { action as tokenAction } from "~/routes/api+/auth.token";
import { loader as feedApi } from "~/routes/api+/feed";
import { loader as placesApi } from "~/routes/api+/places";
import { action as locationAction, loader as locationLoader } from "~/routes/location";

import { ADMIN_EMAIL, createUser, sessionCookieFor, uniqueEmail, withoutAdminAccount } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, call, formErrors, getRequest, jsonPost, toastOf } from "../support/http";

const test = setupTestDatabase();
const NUL = "\u0000";

async function userCount() {
  const [row] = await test.db.select({ n: count() }).from(users);
  return row.n;
}

function registration(overrides: Record<string, string>) {
  return {
    intent: "register",
    username: uniqueEmail("ctl"),
    password: "correct-horse-42",
    name: "Ravi Kumar",
    businessName: "Kumar Hardware",
    mobileNumber: "9876543210",
    ...overrides,
  };
}

describe("control characters in a query: 400 with a message, never a 500", () => {
  it.each(["/?q=chai%00", "/?category=Food%00", "/?lat=12.97&lon=77.64&label=Home%00"])("the home feed, GET %s", async (path) => {
    expect(await new Browser().visit(homeLoader, path)).toMatchObject({ status: 400, data: CONTROL_CHARACTERS_MESSAGE });
  });

  it.each(["/api/feed?q=chai%00", "/api/feed?category=%00Food", "/api/feed?cursor=%00", "/api/places?q=Beng%00"])(
    "GET %s",
    async (path) => {
      const handler = path.startsWith("/api/feed") ? feedApi : placesApi;
      expect(await call(handler, getRequest(path))).toMatchObject({ status: 400, data: { message: CONTROL_CHARACTERS_MESSAGE } });
    },
  );

  it("the place search page, GET /location?q=", async () => {
    expect(await new Browser().visit(locationLoader, "/location?q=Beng%00")).toMatchObject({
      status: 400,
      data: CONTROL_CHARACTERS_MESSAGE,
    });
  });

  it("the contacts list ignores a search or group with them and lists every contact", async () => {
    const owner = await createUser();
    await makeContact({ userId: owner.id, name: "Asha" });
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(owner.id));
    for (const path of ["/contacts?q=Asha%00", "/contacts?tag=Regulars%00"]) {
      const reply = await browser.visit<{ total: number; q: string; tag: string }>(contactsLoader, path);
      expect(reply.status).toBe(200);
      expect(reply.data).toMatchObject({ total: 1, q: "", tag: "" });
    }
  });
});

describe("control characters in a form or an API body: 400 with the field's message, nothing stored", () => {
  it.each([
    ["name", `Ravi${NUL} Kumar`],
    ["businessName", `Kumar${NUL} Hardware`],
    ["name", "Ravi\r\nKumar"],
    ["mobileNumber", `98765${NUL}43210`],
    ["password", `correct${NUL}horse-42`],
  ])("registration with a control character in %s", async (field, value) => {
    const before = await userCount();
    const reply = await new Browser().submit(authAction, "/auth", registration({ [field]: value }));
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.[field]).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(await userCount()).toBe(before);
  });

  it("a login whose hidden redirectTo has a line break goes to the dashboard, with no header injected", async () => {
    const user = await createUser();
    const reply = await new Browser().submit(authAction, "/auth", {
      intent: "login",
      username: user.email,
      password: "correct-horse-42",
      redirectTo: "/app\r\nSet-Cookie: x=1",
    });
    expect(reply).toMatchObject({ status: 302, location: "/app" });
    expect(reply.headers.getSetCookie().some((line) => line.startsWith("x="))).toBe(false);
  });

  it("the admin account's name", async () => {
    await withoutAdminAccount();
    const before = await userCount();
    const reply = await new Browser().submit(adminCreateAction, "/admin/create-user", {
      email: ADMIN_EMAIL,
      password: "correct-horse-42",
      name: `Site${NUL} Admin`,
    });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({ name: [CONTROL_CHARACTERS_MESSAGE] });
    expect(await userCount()).toBe(before);
  });

  it("POST /api/auth/token with one in the email: the email's own format refuses it first", async () => {
    const reply = await call(
      tokenAction,
      jsonPost("/api/auth/token", { email: `ravi${NUL}@shop.example.in`, password: "correct-horse-42" }),
    );
    expect(reply).toMatchObject({ status: 400, data: { message: "Please enter a valid email address" } });
  });

  it("choosing a location whose label has one: refused like any unusable location", async () => {
    const reply = await new Browser().submit(locationAction, "/location", {
      intent: "choose",
      lat: "12.97",
      lon: "77.64",
      label: `Home${NUL}`,
    });
    expect(reply.location).toBe("/");
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "That location could not be used." });
    expect(reply.headers.getSetCookie().some((line) => line.startsWith("feed_location="))).toBe(false);
  });
});
