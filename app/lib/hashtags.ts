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

/**
 * A post's hashtags as stored when it is published (the composer and the API alike): the ones
 * given in its hashtags field, then the #tags written in its text, so a tag in the text is found
 * by a '#tag' search like any other.
 */
export function postHashtags(fieldTags: readonly string[], content: string): string[] {
  return normalizeHashtags([...fieldTags, ...extractHashtags(content)]);
}

/**
 * The hashtags a post's card lists under its text: the stored ones not already written in the text
 * (those are links where they stand), at most 10, so no tag shows twice.
 */
export function hashtagsToShow(hashtags: readonly string[], content: string): string[] {
  const inText = new Set(extractHashtags(content));
  return normalizeHashtags(hashtags)
    .filter((tag) => !inText.has(tag))
    .slice(0, MAX_SHOWN_HASHTAGS);
}

/** A post's text cut into plain runs and its #tags (each with the tag, lower-cased, as its hashtag), to draw the tags as links. */
export function splitHashtags(text: string): Array<{ text: string; tag?: string }> {
  const parts: Array<{ text: string; tag?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG_IN_TEXT)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], tag: match[1].toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
