import { indianE164, whatsappChatUrl } from "./phone";

/** What an offer's button does: call or WhatsApp the business, directions to it, or its website. */
export const CALL_TO_ACTION_TYPES = ["call", "whatsapp", "directions", "website"] as const;
export type CallToActionType = (typeof CALL_TO_ACTION_TYPES)[number];

/** The button's words, per kind, as Google Business Profile's offers have them. */
export const CALL_TO_ACTION_LABELS: Record<CallToActionType, string> = {
  call: "Call now",
  whatsapp: "WhatsApp",
  directions: "Get directions",
  website: "Visit website",
};

export type CallToAction = { type: CallToActionType; label: string; href: string };

/**
 * Where an offer's button goes: made when it is shown, from the business as it is now (its phone,
 * its mobile for WhatsApp), the post's place, or the website given with the offer. Null when there
 * is nothing to go to (a call without any phone).
 */
export function callToActionLink(
  type: CallToActionType | null,
  to: { businessPhone: string | null; mobileNumber: string | null; lat: number | null; lon: number | null; url: string | null },
): CallToAction | null {
  const link = (href: string | null) => (type && href ? { type, label: CALL_TO_ACTION_LABELS[type], href } : null);
  switch (type) {
    case "call": {
      const phone = to.businessPhone ?? to.mobileNumber;
      return link(phone ? `tel:${indianE164(phone)}` : null);
    }
    case "whatsapp": {
      const phone = to.mobileNumber ?? to.businessPhone;
      return link(phone ? whatsappChatUrl(phone) : null);
    }
    case "directions":
      return link(to.lat !== null && to.lon !== null ? `https://www.google.com/maps/dir/?api=1&destination=${to.lat},${to.lon}` : null);
    case "website":
      return link(to.url && /^https?:\/\//i.test(to.url) ? to.url : null);
    default:
      return null;
  }
}
