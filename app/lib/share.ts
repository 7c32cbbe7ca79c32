/** Share text is the post's content on one line, cut to 100 characters (with '…' when cut). */
export const SHARE_TEXT_LIMIT = 100;

export function shareText(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  if (flat.length <= SHARE_TEXT_LIMIT) return flat;
  return `${flat.slice(0, SHARE_TEXT_LIMIT - 1).trimEnd()}…`;
}

/** The deep link to a post: the home feed with this post pinned first (`/?post={id}`). */
export function postPath(postId: string): string {
  return `/?post=${encodeURIComponent(postId)}`;
}

export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}
