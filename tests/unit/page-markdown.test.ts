import { describe, expect, it } from "vitest";

import { DEMO_PAGES } from "~/db/seed/demo-content";
import { LEARN_ARTICLES } from "~/db/seed/learn-articles";
import { findContactDetail } from "~/lib/contact-details";
import { firstParagraphText, renderPageMarkdown } from "~/lib/page-markdown.server";

describe("a page's Markdown as HTML", () => {
  it("renders headings, lists, emphasis, quotes, code and links", () => {
    const html = renderPageMarkdown(
      [
        "## Who we are",
        "We help **local** businesses, _every day_.",
        "- Open the app\n- Tap `Send Post`",
        "3. three\n4. four",
        "> We read every message.",
        "[Our terms](https://isent.example.in/Termsofservice), [learn](/learn) and [mail](mailto:a@b.in)",
        "---",
      ].join("\n\n"),
    );
    expect(html).toBe(
      [
        "<h2>Who we are</h2>",
        "<p>We help <strong>local</strong> businesses, <em>every day</em>.</p>",
        "<ul>\n<li>Open the app</li>\n<li>Tap <code>Send Post</code></li>\n</ul>",
        '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>',
        "<blockquote>\n<p>We read every message.</p>\n</blockquote>",
        '<p><a href="https://isent.example.in/Termsofservice" rel="nofollow noopener">Our terms</a>, ' +
          '<a href="/learn" rel="nofollow noopener">learn</a> and <a href="mailto:a@b.in" rel="nofollow noopener">mail</a></p>',
        "<hr />\n",
      ].join("\n"),
    );
  });

  it("keeps the page's title the only h1: '# ' is a section heading, and h5/h6 are h4", () => {
    expect(renderPageMarkdown("# Big\n\n##### Small")).toBe("<h2>Big</h2>\n<h4>Small</h4>\n");
  });

  it("links email addresses and phone numbers, to write (mailto:) and to call (tel:)", () => {
    const html = renderPageMarkdown("Email: support@isent.example.in. Phone: +91 80 4000 1234 (Mon–Fri), 98450-12345 or 1800 123 4567.");
    expect(html).toContain('<a href="mailto:support@isent.example.in" rel="nofollow noopener">support@isent.example.in</a>');
    expect(html).toContain('<a href="tel:+918040001234" rel="nofollow noopener">+91 80 4000 1234</a>');
    expect(html).toContain('<a href="tel:+919845012345" rel="nofollow noopener">98450-12345</a>');
    expect(html).toContain('<a href="tel:18001234567" rel="nofollow noopener">1800 123 4567</a>');
    // Other numbers stay text, and a number inside a link's text is not a second link.
    expect(renderPageMarkdown("Bengaluru 560025, within 48 hours")).toBe("<p>Bengaluru 560025, within 48 hours</p>\n");
    expect(renderPageMarkdown("[Call +91 80 4000 1234](tel:+918040001234)")).toBe(
      '<p><a href="tel:+918040001234" rel="nofollow noopener">Call +91 80 4000 1234</a></p>\n',
    );
  });

  it("finds the first contact detail in a text", () => {
    expect(findContactDetail("Call 1800 123 4567 now")).toEqual({ index: 5, text: "1800 123 4567", href: "tel:18001234567" });
    expect(findContactDetail("No number here, PIN 560025")).toBeNull();
  });
});

describe("hostile Markdown", () => {
  const hostile: Array<[string, string]> = [
    ["a script tag", 'Hello <script>window.pwned = 1; alert("x")</script> world'],
    ["an image with onerror", '<img src=x onerror="alert(1)"> after'],
    ["a javascript: link in Markdown", "[x](javascript:alert(1))"],
    [
      "a javascript: link with odd case and spaces",
      '<a href=" JaVaScRiPt:alert(1)">j</a> [y](JAVASCRIPT:alert(1)) <a href="java&#x09;script:alert(1)">z</a>',
    ],
    ["an <a> with onclick", '<a onclick="alert(1)" href="https://isent.example.in">click</a>'],
    ["a data: link", '<a href="data:text/html,<script>alert(1)</script>">d</a>'],
    [
      "svg, iframe, style, object and a form",
      '<svg onload=alert(1)>s</svg><iframe src="https://evil.example"></iframe><style>body{display:none}</style><object data=x></object><form action=x><button>b</button></form>',
    ],
    ["an event handler on an allowed tag", '<p onmouseover="alert(1)" style="color:red" class="x">text</p>'],
  ];
  it.each(hostile)("strips %s, keeping the text", (_name, body) => {
    const html = renderPageMarkdown(body);
    expect(html).not.toMatch(/<script|<img|<svg|<iframe|<style|<object|<form|<button/i);
    expect(html).not.toMatch(/\bon\w+=|javascript:|data:|style=|class=|alert\(/i);
  });

  it("keeps what is allowed around what it strips", () => {
    expect(renderPageMarkdown('Hello <script>alert("x")</script> world')).toBe("<p>Hello  world</p>\n");
    expect(renderPageMarkdown("[x](javascript:alert(1)) and [ok](https://a.in)")).toBe(
      '<p><a>x</a> and <a href="https://a.in" rel="nofollow noopener">ok</a></p>\n',
    );
    expect(renderPageMarkdown('<a onclick="alert(1)" href="https://a.in">click</a>')).toBe(
      '<p><a href="https://a.in" rel="nofollow noopener">click</a></p>\n',
    );
    expect(renderPageMarkdown('<p onmouseover="alert(1)">text</p>')).toBe("<p>text</p>");
  });

  it("shows HTML inside code as text", () => {
    expect(renderPageMarkdown("```\n<script>alert(1)</script>\n```")).toBe(
      "<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n",
    );
  });
});

describe("the pages as first written", () => {
  // They were written as blocks split by blank lines: "## " headings, "- " lists, paragraphs. As Markdown they read the same.
  const bodies = [...Object.values(DEMO_PAGES), ...LEARN_ARTICLES].map((page) => page.body);
  const decode = (html: string) =>
    html
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, " ")
      .trim();

  it.each(bodies.map((body, index) => [index, body]))("renders body %i with the same blocks and words", (_index, body) => {
    const blocks = body.split("\n\n");
    const html = renderPageMarkdown(body);
    const headings = blocks.filter((block) => block.startsWith("## "));
    const items = blocks.flatMap((block) => block.split("\n")).filter((line) => line.startsWith("- "));
    expect(html.match(/<h2>/g)?.length ?? 0).toBe(headings.length);
    expect(html.match(/<li>/g)?.length ?? 0).toBe(items.length);
    // List items split by blank lines make one list whose items hold paragraphs: counted as items, not paragraphs.
    expect(html.replace(/<li><p>/g, "<li>").match(/<p>/g)?.length).toBe(
      blocks.length - headings.length - blocks.filter((block) => block.startsWith("- ")).length,
    );
    // No stray formatting: nothing in the old text was meant as emphasis, code or a numbered list.
    expect(html).not.toMatch(/<(em|strong|code|ol|pre|blockquote)\b/);
    const text = blocks.map((block) => block.replace(/^## /, "").replace(/^- /gm, "")).join(" ");
    expect(decode(html)).toBe(text.replace(/\s+/g, " ").trim());
  });

  it("links the contact page's email addresses and phone numbers, as before", () => {
    const html = renderPageMarkdown(DEMO_PAGES.contact.body);
    expect(html).toContain('<a href="mailto:support@isent.example.in" rel="nofollow noopener">support@isent.example.in</a>');
    expect(html).toContain('<a href="tel:+918040001234" rel="nofollow noopener">+91 80 4000 1234</a>');
    expect(html).toContain('<a href="tel:+918040001250" rel="nofollow noopener">+91 80 4000 1250</a>');
  });
});

describe("a page's description", () => {
  it("is the first paragraph's text, without markup", () => {
    expect(firstParagraphText("## Heading\n\nA **bold** & <b>plain</b> [link](https://a.in) `code`\nnext line\n\nSecond.")).toBe(
      "A bold & plain link code next line",
    );
    expect(firstParagraphText("## Only a heading")).toBe("");
  });
});
