/**
 * Whether two posts say nearly the same thing: a business about to pay for a post nearly
 * identical to one it published in the last day is asked first (the composer and POST /api/posts).
 *
 * The texts are compared as people read them: case, punctuation, emoji and spacing do not count
 * (letters with their vowel signs, and digits, do), then by their pairs of neighbouring characters
 * (the Sørensen–Dice coefficient): 1 for the same text, 0 for nothing in common. A changed price
 * or a word more in a sentence stays above the threshold; another sentence does not.
 */
export const NEAR_DUPLICATE_THRESHOLD = 0.9;

/** How far back a business's posts are compared with a new one. */
export const NEAR_DUPLICATE_HOURS = 24;

export function normalizePostText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim();
}

function pairs(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const characters = Array.from(text);
  for (let i = 0; i + 1 < characters.length; i++) {
    const pair = characters[i] + characters[i + 1];
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** How alike two texts are, from 0 to 1, after normalizePostText. */
export function textSimilarity(a: string, b: string): number {
  const left = normalizePostText(a);
  const right = normalizePostText(b);
  if (left === right) return 1;
  if (Array.from(left).length < 2 || Array.from(right).length < 2) return 0;
  const leftPairs = pairs(left);
  const rightPairs = pairs(right);
  let shared = 0;
  let total = 0;
  for (const [pair, count] of leftPairs) {
    shared += Math.min(count, rightPairs.get(pair) ?? 0);
    total += count;
  }
  for (const count of rightPairs.values()) total += count;
  return (2 * shared) / total;
}

/** The text a post is compared by: an offer's title and its description, a post's text. */
export function postText(post: { offerTitle?: string | null; content: string }): string {
  return [post.offerTitle, post.content].filter(Boolean).join("\n");
}

export function isNearDuplicate(a: string, b: string): boolean {
  return textSimilarity(a, b) >= NEAR_DUPLICATE_THRESHOLD;
}

/** What the business is told, on the composer and by POST /api/posts. */
export const nearDuplicateMessage = (kind: "update" | "offer") =>
  `You published a nearly identical ${kind === "offer" ? "offer" : "post"} in the last 24 hours.`;
