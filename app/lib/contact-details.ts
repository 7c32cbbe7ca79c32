import { indianE164, telHref } from "./phone";

// An email address; an Indian number with +91 (mobile or landline, spaced or dashed); a 10-digit mobile; a 1800 toll-free number.
const CONTACT_DETAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+91(?:[\s-]?\d){10}\b|\b[6-9]\d{4}[\s-]?\d{5}\b|\b1800(?:[\s-]?\d){6,7}\b/;

export type ContactDetail = { index: number; text: string; href: string };

/**
 * The first email address or phone number in a text, with the link that writes to it (mailto:) or
 * calls it (tel:), so a page's "Phone: +91 80 4000 1234" is one tap away on a phone.
 */
export function findContactDetail(text: string): ContactDetail | null {
  const match = CONTACT_DETAIL.exec(text);
  if (!match) return null;
  const detail = match[0];
  return { index: match.index, text: detail, href: contactDetailHref(detail) };
}

function contactDetailHref(detail: string): string {
  if (detail.includes("@")) return `mailto:${detail}`;
  // A toll-free 1800 number is dialled as it is, without +91.
  return telHref(detail.startsWith("1800") ? detail : indianE164(detail));
}
