export type PageBlock = { type: "heading" | "paragraph"; text: string };

/** Page bodies are plain text: blank lines separate blocks; a block starting "## " is a heading. */
export function parsePageBody(body: string): PageBlock[] {
  return body
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      block.startsWith("## ")
        ? { type: "heading", text: block.slice(3).trim() }
        : { type: "paragraph", text: block.replace(/\s*\n\s*/g, " ") },
    );
}
