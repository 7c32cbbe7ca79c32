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

/** The share page of a post: its link to copy, WhatsApp and SMS (what 'Share' opens without JavaScript). */
export function sharePagePath(postId: string): string {
  return `/share/${encodeURIComponent(postId)}`;
}

/** A post's n-th image (from 1) on a page of its own, with 'Back to post' (what a tap opens without JavaScript). */
export function postImagePath(postId: string, number: number): string {
  return `/posts/${encodeURIComponent(postId)}/images/${number}`;
}

/** An SMS with the text and the link, for the phone's messages app (Android and iOS both read `?&body=`). */
export function smsShareUrl(text: string, url: string): string {
  return `sms:?&body=${encodeURIComponent(`${text} ${url}`)}`;
}

/** The page where a visitor reports a post (a plain link from its card: no script on the feed). */
export function reportPagePath(postId: string): string {
  return `/posts/${encodeURIComponent(postId)}/report`;
}
