export type SearchTerm = { text: string; hashtagOnly: boolean };

/**
 * Feed search: the query splits on spaces and commas; every term must match. A term
 * starting with '#' matches hashtags only (partially). Terms are lower-cased.
 */
export function parseSearchTerms(query: string | null | undefined): SearchTerm[] {
  if (!query) return [];
  const seen = new Set<string>();
  const terms: SearchTerm[] = [];
  for (const raw of query.split(/[\s,]+/)) {
    const hashtagOnly = raw.startsWith("#");
    const text = raw.replace(/^#+/, "").toLowerCase();
    const key = `${hashtagOnly ? "#" : ""}${text}`;
    if (!text || seen.has(key)) continue;
    seen.add(key);
    terms.push({ text, hashtagOnly });
  }
  return terms;
}

/** Escapes LIKE wildcards so a visitor's '%' or '_' is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
