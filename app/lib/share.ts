/** SPEC §9: share text is cut to 100 characters. */
export const SHARE_TEXT_LIMIT = 100;

export function shareText(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  if (flat.length <= SHARE_TEXT_LIMIT) return flat;
  return `${flat.slice(0, SHARE_TEXT_LIMIT - 1).trimEnd()}…`;
}

/** The link that opens the home feed at this post (SPEC §2 deep link). */
export function postPath(postId: string): string {
  return `/?post=${encodeURIComponent(postId)}`;
}

export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}
