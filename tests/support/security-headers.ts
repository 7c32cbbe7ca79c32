import { expect } from "vitest";

/** The security headers of an answer that is not a page (a file, a download, JSON, a redirect): nothing may run, load, sniff or frame it. */
export function expectSecurityHeadersOfNonPage(response: Response, what: string) {
  expect(response.headers.get("Content-Security-Policy"), what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("X-Frame-Options"), what).toBe("DENY");
  expect(response.headers.get("Cross-Origin-Opener-Policy"), what).toBe("same-origin");
  expect(response.headers.get("Permissions-Policy"), what).toContain("camera=()");
}
