import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { NotifyContext } from "~/hooks/root-context";
import AccountLayout from "~/routes/_account+/_layout";
import AppLayout from "~/routes/_app+/_layout";
import AdminLayout from "~/routes/admin+/_layout";

import { TestPostCard, feedPost } from "../support/post-card";

const post = feedPost();

/** A screen that shows a post card, as posts history will: its like and share buttons need root's context. */
function ScreenWithPostCard() {
  return <TestPostCard post={post} returnTo="/posts-history" />;
}

const notify = () => {};

/**
 * Renders a screen inside a layout inside root, as the server does. Root provides the toasts'
 * context around its Outlet; the layouts hand nothing on.
 */
function renderInside(Layout: () => JSX.Element, layoutData: Record<string, unknown> | null, path: string) {
  const RemixStub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <NotifyContext.Provider value={notify}>
          <Outlet />
        </NotifyContext.Provider>
      ),
      children: [
        { id: "layout", Component: Layout, loader: () => layoutData, children: [{ path: path.slice(1), Component: ScreenWithPostCard }] },
      ],
    },
  ]);
  return renderToString(<RemixStub initialEntries={[path]} hydrationData={{ loaderData: { layout: layoutData } }} />);
}

describe("screens reach root's toasts through any layout", () => {
  it("a post card renders inside the app container, with its like and share buttons", () => {
    const html = renderInside(AppLayout, { user: { name: "Meena", businessName: "Meena Tailors", balance: 100 } }, "/posts-history");
    expect(html).toContain('aria-label="App"');
    expect(html).toContain("Festive blouses stitched in two days.");
    expect(html).toContain(`action="/posts/${post.id}/like"`);
    expect(html).toContain(">WhatsApp</a>");
  });

  it("and inside the standalone signed-in layout and the admin layout", () => {
    expect(renderInside(AccountLayout, null, "/success")).toContain(`action="/posts/${post.id}/like"`);
    const admin = renderInside(AdminLayout, { admin: { email: "admin@isent.example.in", name: "Admin" } }, "/admin/feed");
    expect(admin).toContain("iSent Admin");
    expect(admin).toContain(`action="/posts/${post.id}/like"`);
  });
});
