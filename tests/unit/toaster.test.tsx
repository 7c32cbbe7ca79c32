import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import Toaster from "~/components/ui/toaster";

describe("toaster", () => {
  it("renders the flashed toast into the HTML, so it shows without JavaScript", () => {
    const html = renderToString(
      <Toaster
        serverToast={{ id: "t1", type: "success", title: "Login successful", description: "Welcome back", createdAt: 1 }}
        clientToast={null}
      />,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain("Login successful");
    expect(html).toContain("Welcome back");
    // Before hydration it still closes: a <details> whose × (its summary) folds it away.
    expect(html).toMatch(/<details open="" data-testid="toast"[^>]*>\s*<summary aria-label="Dismiss notification"/);
    // At the bottom of the screen (above a phone's tab bar), announced politely.
    expect(html).toMatch(/<div aria-live="polite" class="toast-region [^"]*bottom-0/);
  });

  it("announces an error politely too: the refused form's error summary is the alert", () => {
    const html = renderToString(
      <Toaster serverToast={{ id: "t2", type: "error", title: "Login failed", createdAt: 1 }} clientToast={null} />,
    );
    expect(html).toContain('role="status"');
    expect(html).not.toContain('role="alert"');
  });

  it("shows one toast at a time, the newest, an info toast unless told", () => {
    const html = renderToString(
      <Toaster
        serverToast={{ id: "t3", type: "success", title: "Login successful", createdAt: 1 }}
        clientToast={{ title: "Link copied to clipboard!" }}
      />,
    );
    expect(html).toContain("Link copied to clipboard!");
    expect(html).not.toContain("Login successful");
    expect(html).toContain('role="status"');
  });
});
