import { Marked, type Token, type TokenizerAndRendererExtension, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";

import { findContactDetail } from "./contact-details";

/**
 * Page bodies (the information pages and the /learn articles) are Markdown that the admin writes.
 * They become HTML here, on the server only: the page's loader sends the sanitised HTML and the
 * browser never loads a Markdown or HTML library. Whatever the Markdown holds (raw HTML included),
 * only a conservative set of tags survives, links only to http(s), mailto: and tel:, and no
 * attribute but a link's href: no script, style, image, frame or event handler reaches a page.
 */

const PAGE_TAGS = ["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "a", "blockquote", "code", "pre", "hr", "br"];

/** An address a page may link to: http(s), mailto:, tel:, or a path or fragment of this site. (sanitize-html checks the scheme again.) */
const LINKABLE = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: PAGE_TAGS,
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // A tag that is not allowed goes, its text stays; a script's or style's text goes with it.
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's title is its only h1; headings below h4 are shown as h4.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    // A link to anywhere else (javascript:, data:) keeps its text and loses its address: an <a> without href goes nowhere.
    a: (tagName, attribs) =>
      // eslint-disable-next-line no-control-regex -- browsers ignore spaces and control characters in a scheme, so the check does too
      LINKABLE.test((attribs.href ?? "").replace(/[\s\u0000-\u001f]/g, ""))
        ? { tagName, attribs: { ...attribs, rel: "nofollow noopener" } }
        : { tagName, attribs: {} },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** Email addresses and phone numbers in a page's text are links, as a reader on a phone expects ("Phone: +91 80 4000 1234"). */
const contactDetails: TokenizerAndRendererExtension = {
  name: "contactDetail",
  level: "inline",
  start: (src) => findContactDetail(src)?.index,
  tokenizer(src) {
    if (this.lexer.state.inLink) return undefined;
    const detail = findContactDetail(src);
    if (!detail || detail.index !== 0) return undefined;
    return { type: "contactDetail", raw: detail.text, href: detail.href };
  },
  renderer: (token) => `<a href="${escapeHtml(String(token.href))}">${escapeHtml(token.raw)}</a>`,
};

const markdown = new Marked({ gfm: true, breaks: false, async: false });
markdown.use({ extensions: [contactDetails] });

/** A page body (Markdown) as the sanitised HTML a page shows. */
export function renderPageMarkdown(body: string): string {
  return sanitizeHtml(markdown.parse(body, { async: false }), SANITIZE);
}

/** The text of a body's first paragraph, for a page's description in search results and link previews; "" when it has none. */
export function firstParagraphText(body: string): string {
  const paragraph = markdown.lexer(body).find((token): token is Tokens.Paragraph => token.type === "paragraph");
  return paragraph ? plainText(paragraph.tokens).replace(/\s+/g, " ").trim() : "";
}

/** What a reader sees of inline tokens, without markup (raw HTML in them dropped). */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === "html") return "";
      if (token.type === "br") return " ";
      if ("tokens" in token && token.tokens) return plainText(token.tokens);
      return "text" in token ? String(token.text) : token.raw;
    })
    .join("");
}
