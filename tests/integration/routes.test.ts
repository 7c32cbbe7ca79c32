import { describe, expect, it } from "vitest";

import { pages } from "~/db/schema";
import { loader as apiNotFound } from "~/routes/api+/$";
import { loader as healthLoader } from "~/routes/api+/health";
import { loader as informationPageLoader } from "~/routes/__information-page";
import { createToastHeaders, getToast } from "~/utils/toast.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

function args(url: string) {
  return { request: new Request(url), params: {}, context: {} };
}

describe("GET /api/health", () => {
  it("answers 200 {status: ok} with security headers", async () => {
    const response = await healthLoader(args("http://localhost/api/health"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("unknown /api paths", () => {
  it("answer 404 JSON {message}", async () => {
    const response = await apiNotFound({ ...args("http://localhost/api/nope"), params: { "*": "nope" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toEqual({ message: "No API endpoint at GET /api/nope" });
  });
});

describe("information pages", () => {
  it("404 until the page exists, then render it from the database", async () => {
    const about = () => informationPageLoader(args("http://localhost/About-Us"));
    await expect(about()).rejects.toMatchObject({ status: 404 });
    await test.db.insert(pages).values({ slug: "about", title: "About iSent", body: "## Us\n\nLocal first." });
    expect(await about()).toMatchObject({ title: "About iSent", html: "<h2>Us</h2>\n<p>Local first.</p>\n" });
  });
});

describe("toasts across a redirect", () => {
  it("survive one request in a signed cookie, then are cleared", async () => {
    const headers = await createToastHeaders({ type: "success", title: "Login successful", description: "Welcome back" });
    const cookie = headers.get("Set-Cookie")!.split(";")[0];
    expect(headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);

    const { toast, headers: clearing } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({ type: "success", title: "Login successful", description: "Welcome back" });
    expect(clearing?.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("ignore a forged cookie", async () => {
    const forged = `toast=${Buffer.from(JSON.stringify({ __flash_toast__: { title: "Hacked" } })).toString("base64")}`;
    const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: forged } }));
    expect(toast).toBeNull();
  });
});
