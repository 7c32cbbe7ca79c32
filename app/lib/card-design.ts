/**
 * The card layouts the product draws (app/lib/card-svg.ts): each places the card's parts
 * differently. A design is one of them with its own colours and heading font. Here, not in the
 * schema, so the admin's form can offer them in the browser.
 */
export const CARD_STYLES = ["classic", "bold", "minimal", "festive"] as const;
export type CardStyle = (typeof CARD_STYLES)[number];
export const CARD_FONTS = ["sans", "serif", "display"] as const;
export type CardFont = (typeof CARD_FONTS)[number];

export const CARD_STYLE_LABELS: Record<CardStyle, string> = {
  classic: "Classic",
  bold: "Bold",
  minimal: "Minimal",
  festive: "Festive",
};

export const CARD_FONT_LABELS: Record<CardFont, string> = {
  sans: "Sans (Noto Sans)",
  serif: "Serif (Noto Serif)",
  display: "Display (Yatra One)",
};

/** The card's text on its background: WCAG's 4.5:1 for normal text, as a phone's camera and a print must read it. */
export const MIN_TEXT_CONTRAST = 4.5;
/** Below this the renderer draws accent-coloured text in the text colour instead (app/lib/card-svg.ts). */
export const MIN_ACCENT_CONTRAST = 3;

/**
 * The business every design preview is filled with: a full card (both phones, email, website, a
 * two-line address), so the admin sees how each layout holds a busy one.
 */
export const SAMPLE_CARD_PROFILE = {
  name: "Kiran Rao",
  businessName: "Kiran Sweets & Snacks",
  mobileNumber: "+919812345678",
  businessPhone: "+918023456789",
  address: "42, 12th Main Road, HAL 2nd Stage, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560038",
  profileImageUrl: null,
};

export const SAMPLE_CARD_FIELDS = {
  title: "Owner",
  tagline: "Fresh sweets since 1998",
  email: "hello@kiransweets.in",
  website: "https://kiransweets.in",
  showMobile: true,
};
