/**
 * The web links in a mail's plain text, in order and each once: what the admin's Outbox lists so a
 * kept verification or reset link can be opened. A sentence's closing punctuation is not part of
 * the link ('… https://isent.in/verify-email?token=abc.').
 */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  const links = found.map((link) => link.replace(/[.,;:!?)\]]+$/, ""));
  return [...new Set(links)].filter((link) => URL.canParse(link));
}
