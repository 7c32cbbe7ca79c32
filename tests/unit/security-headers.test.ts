import { afterEach, describe, expect, it, vi } from "vitest";

import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "~/utils/security-headers.server";

describe("security headers", () => {
  it("makes a new unguessable nonce per call", () => {
    const first = createNonce();
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(first);
  });

  it("allows scripts only from this origin or with the nonce, and forbids framing", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("sets the companion headers on any response", () => {
    const headers = new Headers();
    applySecurityHeaders(headers);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  describe("Strict-Transport-Security", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    /** The headers applySecurityHeaders gives with this PUBLIC_URL (config is read when the module loads). */
    async function headersWith(publicUrl: string | undefined) {
      vi.stubEnv("PUBLIC_URL", publicUrl);
      vi.resetModules();
      const module = await import("~/utils/security-headers.server");
      const headers = new Headers();
      module.applySecurityHeaders(headers, "abc123");
      return headers;
    }

    it("tells browsers to use https only, for a year and on subdomains, when the site is served over https", async () => {
      expect((await headersWith("https://isent.example.in")).get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    });

    it("is left out when the site is plain http or its address is not configured", async () => {
      expect((await headersWith("http://isent.example.in")).has("Strict-Transport-Security")).toBe(false);
      expect((await headersWith(undefined)).has("Strict-Transport-Security")).toBe(false);
    });
  });
});
