import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Toaster } from "~/components/ui/toaster";
import { currentToasts, dismissToast, showToast } from "~/components/ui/toast-store";
import { TOAST_LIMIT } from "~/lib/toast";

describe("toaster", () => {
  it("renders the flashed toast into the HTML, so it shows without JavaScript", () => {
    const html = renderToString(
      <Toaster serverToast={{ id: "t1", type: "success", title: "Login successful", description: "Welcome back", createdAt: 1 }} />,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain("Login successful");
    expect(html).toContain("Welcome back");
    // No close button before hydration: it could not work; the toast fades out by CSS.
    expect(html).not.toContain("Dismiss notification");
  });

  it("marks errors as alerts", () => {
    const html = renderToString(<Toaster serverToast={{ id: "t2", type: "error", title: "Login failed", createdAt: 1 }} />);
    expect(html).toContain('role="alert"');
  });

  it(`keeps at most ${TOAST_LIMIT} toast in the browser store, the newest`, () => {
    showToast({ title: "first" });
    const newest = showToast({ title: "Link copied to clipboard!" });
    expect(currentToasts()).toEqual([newest]);
    expect(newest.type).toBe("info");
    dismissToast(newest.id);
    expect(currentToasts()).toEqual([]);
  });
});
