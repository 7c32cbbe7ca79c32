import { describe, expect, it } from "vitest";

import { crossSiteRefusal } from "~/utils/csrf.server";

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });

describe("refusing cross-site form posts before Remix", () => {
  it("answers 403 to a form posted from another site, page or .data", async () => {
    for (const path of ["/auth", "/login.data", "/posts/1/like"]) {
      const refusal = crossSiteRefusal(post(`http://localhost${path}`, { Origin: "https://evil.example" }));
      expect(refusal?.status).toBe(403);
      expect(await refusal?.text()).toBe("This form was sent from another site and was refused.");
    }
    expect(crossSiteRefusal(post("http://localhost/auth", { Referer: "https://evil.example/page" }))?.status).toBe(403);
  });

  it("lets through this site's forms, reads, clients without a browser, and /api (which answers JSON itself)", () => {
    expect(crossSiteRefusal(post("http://localhost/auth", { Origin: "http://localhost" }))).toBeNull();
    expect(crossSiteRefusal(post("http://localhost/auth", {}))).toBeNull();
    expect(crossSiteRefusal(new Request("http://localhost/auth", { headers: { Origin: "https://evil.example" } }))).toBeNull();
    expect(crossSiteRefusal(post("http://localhost/api/auth/token", { Origin: "https://evil.example" }))).toBeNull();
  });
});
