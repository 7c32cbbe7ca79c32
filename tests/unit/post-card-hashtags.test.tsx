import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { NotifyContext } from "~/hooks/root-context";

import { TestPostCard, feedPost } from "../support/post-card";

const post = feedPost({
  content: "Try our #Thali and #sweets today",
  // As publishing stores them: the field's tags, then the text's.
  hashtags: ["offer", "thali", "sweets"],
});

function renderCard() {
  const Card = () => (
    <NotifyContext.Provider value={() => {}}>
      <TestPostCard post={post} />
    </NotifyContext.Provider>
  );
  const RemixStub = createRemixStub([{ id: "root", path: "/", Component: () => <Outlet />, children: [{ index: true, Component: Card }] }]);
  return renderToString(<RemixStub initialEntries={["/"]} />);
}

describe("a post card's hashtags", () => {
  it("shows each tag once: the text's tags as links where they stand, the others listed under the text", () => {
    const html = renderCard();
    expect(html.match(/#Thali|#thali/gi)).toHaveLength(1);
    expect(html.match(/#sweets/g)).toHaveLength(1);
    // In running text, underlined: a link is told apart by more than its colour.
    expect(html).toMatch(/<a href="\/\?q=%23thali" class="[^"]*\bunderline\b[^"]*">#Thali<\/a>/);
    expect(html).toMatch(/<a href="\/\?q=%23sweets" class="[^"]*\bunderline\b[^"]*">#sweets<\/a>/);
    const listed = html.slice(html.indexOf('aria-label="Hashtags"'));
    expect(listed).toContain('href="/?q=%23offer"');
    expect(listed.slice(0, listed.indexOf("</ul>"))).not.toContain("thali");
  });
});
