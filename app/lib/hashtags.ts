/** At most 10 hashtags are shown per post. */
export const MAX_SHOWN_HASHTAGS = 10;

const HASHTAG_IN_TEXT = /#([\p{L}\p{M}\p{N}_]+)/gu;

/** The #tags written in a text, lower-cased, without '#', in order, de-duplicated. */
export function extractHashtags(text: string): string[] {
  return normalizeHashtags(Array.from(text.matchAll(HASHTAG_IN_TEXT), (match) => match[1]));
}

/** Lower-cases, strips a leading '#', drops empties and repeats, keeping first-seen order. */
export function normalizeHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const clean = tag.trim().replace(/^#+/, "").toLowerCase();
    if (clean) seen.add(clean);
  }
  return [...seen];
}

/** The hashtags shown on a post: its hashtags field plus the #tags in its content, lower-cased, de-duplicated, at most 10. */
export function hashtagsToShow(hashtags: readonly string[], content: string): string[] {
  return normalizeHashtags([...hashtags, ...extractHashtags(content)]).slice(0, MAX_SHOWN_HASHTAGS);
}
