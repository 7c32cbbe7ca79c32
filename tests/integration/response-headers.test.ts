import { describe, expect, it } from "vitest";

import { serve } from "~/entry.server";
import { importContactsNow, listContactImports } from "~/models/contact-import.server";
import { loader as dataLoader } from "~/routes/_account+/settings_.data[.]json";
import { loader as exportLoader } from "~/routes/_app+/contacts_.export[.]csv";
import { loader as categoriesLoader } from "~/routes/api+/categories";
import { loader as healthLoader } from "~/routes/api+/health";
import { loader as importErrorsLoader } from "~/routes/_app+/contacts_.import_.$id_.errors[.]csv";
import { clearResponseCache } from "~/utils/response-cache.server";
import { contentSecurityPolicy, createNonce } from "~/utils/security-headers.server";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, type RouteHandler } from "../support/http";
import { expectSecurityHeadersOfNonPage } from "../support/security-headers";

setupTestDatabase();

/** The request as the production server answers it: through entry.server's serve, with this route as what Remix renders. */
function throughTheServer(route: RouteHandler, request: Request, params: Record<string, string> = {}) {
  return serve(request, async (rendered) => {
    try {
      return (await route({ request: rendered, params, context: {} })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
}

describe("every response leaves with the security headers", () => {
  it("downloads: my data, the contacts CSV and an import's rejected rows", async () => {
    const owner = await createUser();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(owner.id));
    await importContactsNow(owner.id, "list.csv", new TextEncoder().encode("Name,Mobile\nAsha,98123 45678\nNo number,\n"));
    const [{ id: importId }] = await listContactImports(owner.id);

    const downloads = [
      ["/settings/data.json", await throughTheServer(dataLoader, browser.request("/settings/data.json"))],
      ["/contacts/export.csv", await throughTheServer(exportLoader, browser.request("/contacts/export.csv"))],
      [
        "rejected rows",
        await throughTheServer(importErrorsLoader, browser.request(`/contacts/import/${importId}/errors.csv`), { id: importId }),
      ],
    ] as const;
    for (const [what, response] of downloads) {
      expect(response.status, what).toBe(200);
      expect(response.headers.get("Content-Disposition"), what).toMatch(/^attachment; /);
      expectSecurityHeadersOfNonPage(response, what);
      await response.body?.cancel();
    }
  });

  it("redirects and refusals, such as a download asked for without signing in", async () => {
    const response = await throughTheServer(dataLoader, new Browser().request("/settings/data.json"));
    expect(response.status).toBe(302);
    expectSecurityHeadersOfNonPage(response, "the redirect to /login");
  });

  it("JSON: a health check, a public list drawn and the same list answered from memory", async () => {
    clearResponseCache();
    const answers = [
      ["/api/health", await throughTheServer(healthLoader, new Browser().request("/api/health"))],
      ["/api/categories drawn", await throughTheServer(categoriesLoader, new Browser().request("/api/categories"))],
      [
        "/api/categories kept",
        await serve(new Browser().request("/api/categories"), async () => new Response("not kept", { status: 500 })),
      ],
    ] as const;
    for (const [what, response] of answers) {
      expect(response.status, what).toBe(200);
      expect(response.headers.get("Content-Type"), what).toBe("application/json; charset=utf-8");
      expectSecurityHeadersOfNonPage(response, what);
    }
    expect(answers[0][1].headers.get("Cache-Control")).toBe("no-store");
    expect(answers[2][1].headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await answers[2][1].json()).toEqual(await answers[1][1].json());
  });

  it("keeps a page's own policy, with its nonce", async () => {
    const policy = contentSecurityPolicy(createNonce());
    const page = new Response("<!DOCTYPE html><p>hello</p>", {
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policy },
    });
    const response = await serve(new Browser().request("/learn", { headers: { Cookie: "a=1" } }), async () => page);
    expect(response.headers.get("Content-Security-Policy")).toBe(policy);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("answers made with fixed headers, such as Response.redirect, are given them too", async () => {
    const response = await serve(new Browser().request("/somewhere"), async () => Response.redirect("http://localhost/elsewhere", 302));
    expect(response.headers.get("Location")).toBe("http://localhost/elsewhere");
    expectSecurityHeadersOfNonPage(response, "Response.redirect");
  });
});
