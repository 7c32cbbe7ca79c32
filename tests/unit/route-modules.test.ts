import type { ActionFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { clientAction as keepFormOnNetworkFailure } from "~/components/forms";

/**
 * Every route module under app/routes (their server-side companions excluded), loaded as Remix
 * loads them. The production server refuses cross-site posts before Remix too; this checks that
 * no action relies on that alone.
 */
const routeModules = import.meta.glob<{ action?: ActionFunction; clientAction?: unknown; default?: unknown }>([
  "../../app/routes/**/*.{ts,tsx}",
  "!**/*.server.*",
  "!**/*.client.*",
]);

const EVIL = "https://evil.example";

function crossSitePost(): Request {
  return new Request("http://localhost/any", {
    method: "POST",
    headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", username: "victim@example.in", password: "not-the-password" }),
  });
}

/** What Remix would answer: a returned or thrown Response. */
async function answer(action: ActionFunction): Promise<Response> {
  try {
    const result = await action({
      request: crossSitePost(),
      params: { id: "0b7f3b0e-3d6b-4d4e-9c1e-0d9d4f1b2a3c", "*": "x" },
      context: {},
    });
    if (result instanceof Response) return result;
    throw new Error(`answered ${JSON.stringify(result)} instead of a 403`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("route modules", () => {
  it("are found", () => {
    expect(Object.keys(routeModules).length).toBeGreaterThanOrEqual(30);
  });

  it("every exported action answers a cross-site POST with 403, before anything else", async () => {
    let actions = 0;
    for (const [file, load] of Object.entries(routeModules)) {
      const { action } = await load();
      if (!action) continue;
      actions += 1;
      const response = await answer(action);
      expect(response.status, file).toBe(403);
    }
    expect(actions).toBeGreaterThanOrEqual(15);
  });

  it("every page with an action keeps its form when the connection fails (the forms kit's clientAction)", async () => {
    const pages: string[] = [];
    for (const [file, load] of Object.entries(routeModules)) {
      const module = await load();
      if (!module.action || !module.default) continue;
      pages.push(file);
      expect(module.clientAction, file).toBe(keepFormOnNetworkFailure);
    }
    expect(pages.length).toBeGreaterThanOrEqual(40);
  });
});
