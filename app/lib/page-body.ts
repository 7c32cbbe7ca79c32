import { indianE164, telHref } from "./phone";
import { cutText, type TextRun } from "./text-runs";

export type PageBlock = { type: "heading"; text: string } | { type: "paragraph"; text: string } | { type: "list"; items: string[] };

const LIST_ITEM = /^[-*]\s+/;

/**
 * Page bodies are plain text, never HTML: blank lines separate blocks; a block starting "## " is a
 * heading; a block whose every line starts "- " is a bulleted list. Everything is shown as text.
 */
export function parsePageBody(body: string): PageBlock[] {
  return body
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): PageBlock => {
      if (block.startsWith("## ")) return { type: "heading", text: block.slice(3).trim() };
      const lines = block.split("\n").map((line) => line.trim());
      if (lines.every((line) => LIST_ITEM.test(line))) {
        return { type: "list", items: lines.map((line) => line.replace(LIST_ITEM, "")) };
      }
      return { type: "paragraph", text: lines.join(" ") };
    });
}

/** The first paragraph's text, for a page's description; "" when it has none. */
export function firstParagraph(body: string): string {
  for (const block of parsePageBody(body)) if (block.type === "paragraph") return block.text;
  return "";
}

// An email address; an Indian number with +91 (mobile or landline, spaced or dashed); a 10-digit mobile; a 1800 toll-free number.
const CONTACT_DETAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+91(?:[\s-]?\d){10}\b|\b[6-9]\d{4}[\s-]?\d{5}\b|\b1800(?:[\s-]?\d){6,7}\b/g;

/** A text cut into plain runs and the email addresses and phone numbers in it, each marked with its mailto: or tel: link. */
export function linkContactDetails(text: string): Array<TextRun<string>> {
  return cutText(text, CONTACT_DETAIL, ([detail]) => {
    if (detail.includes("@")) return `mailto:${detail}`;
    // A toll-free 1800 number is dialled as it is, without +91.
    return telHref(detail.startsWith("1800") ? detail : indianE164(detail));
  });
}
