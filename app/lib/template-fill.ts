import { formatIndianPhone } from "./phone";
import { formatDayMonth } from "./india-time";

/**
 * A template's text names the business's details as {{placeholders}}; filling it puts in this
 * business's own. The names a template may use, and what each becomes:
 */
export const TEMPLATE_PLACEHOLDERS = {
  businessName: "the business's name",
  name: "the owner's name",
  phone: "the business phone (or the mobile), as +91 98450 12345",
  address: "the street address",
  city: "the city",
  state: "the state",
  offerTitle: "an offer's title",
  couponCode: "an offer's coupon code",
  validUntil: "an offer's last day, as 7 Dec",
  customerName: "an SMS's contact (a campaign fills it per contact; empty anywhere else)",
} as const;

export type PlaceholderName = keyof typeof TEMPLATE_PLACEHOLDERS;
export type TemplateValues = Partial<Record<PlaceholderName, string | null | undefined>>;

/** Anything in double braces is a placeholder: a name this module does not know fills as nothing. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
/** {{#phone}}Call us on {{phone}}.{{/phone}}: the words inside show only when phone has a value. */
const SECTION = /\{\{#\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}([\s\S]*?)\{\{\/\s*\1\s*\}\}/g;
/** A section's opening or closing tag left without its pair. */
const STRAY_TAG = /\{\{\s*[#/][^{}]*\}\}/g;
/**
 * Marks where something empty was, so only the spaces around it are tidied, never the author's own
 * (a private-use character: no text means anything by it, and it is taken out of the text and values).
 */
const GAP = "\uE000";

function valueOf(values: TemplateValues, placeholder: string): string {
  const name = placeholder.trim();
  const value = Object.hasOwn(TEMPLATE_PLACEHOLDERS, name) ? values[name as PlaceholderName] : null;
  return (value ?? "").replaceAll(GAP, "").trim();
}

/**
 * The text with every placeholder replaced by its value. An unknown placeholder, or one without a
 * value, leaves nothing behind: no braces, no doubled space, no space before the punctuation that
 * followed it, and no line that held only it. Never throws. Values are put in as they are (the page
 * escapes them when it shows them) and are not read again for placeholders.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  const filled = text
    .replaceAll(GAP, "")
    .replace(SECTION, (_, name: string, inner: string) => (valueOf(values, name) ? inner : GAP))
    .replace(STRAY_TAG, GAP)
    .replace(PLACEHOLDER, (_, name: string) => valueOf(values, name) || GAP);
  if (!filled.includes(GAP)) return filled;
  return (
    filled
      // A line that held only empty parts goes, with its line break.
      .replace(/^[ \t]*\uE000[\uE000 \t]*(?:\r?\n|$)/gm, "")
      // Ending a list ('Kiran Sweets, {{city}}!'): with the comma that led to it.
      .replace(/,[ \t]*\uE000[\uE000 \t]*(?=[.;:!?)]|\r?\n|$)/g, "")
      // Before punctuation or at a line's end: with the spaces before it.
      .replace(/[ \t]*\uE000[\uE000 \t]*(?=[,.;:!?)]|\r?\n|$)/g, "")
      // At a line's start, or after an opening bracket: with the spaces after it.
      .replace(/(^|\()[ \t]*\uE000[\uE000 \t]*/gm, "$1")
      // Between words: one space.
      .replace(/[ \t]*\uE000[\uE000 \t]*/g, " ")
      .trimEnd()
  );
}

const BUSINESS_DETAILS: PlaceholderName[] = ["businessName", "name", "phone", "address", "city", "state"];

/** The business details ('phone', 'address', …) a text uses that have no value: what the business could add to its profile. */
export function missingDetails(text: string, values: TemplateValues): PlaceholderName[] {
  const used = new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1].trim()));
  return BUSINESS_DETAILS.filter((name) => used.has(name) && !valueOf(values, name));
}

/** What a business's details fill in (the users table's columns). */
export type TemplateBusiness = {
  name: string | null;
  businessName: string | null;
  businessPhone: string | null;
  mobileNumber: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
};

/** An offer's values: its title as already filled, and its last day ('YYYY-MM-DD' or a moment). */
export type TemplateOfferValues = { title: string | null; couponCode: string | null; validUntil: Date | string | null };

/** The values for a business (and an offer): the phone as +91 and the offer's last day as '7 Dec'. */
export function templateValues(business: TemplateBusiness, offer: TemplateOfferValues | null = null): TemplateValues {
  return {
    businessName: business.businessName,
    name: business.name,
    phone: formatIndianPhone(business.businessPhone ?? business.mobileNumber),
    address: business.address,
    city: business.city,
    state: business.state,
    offerTitle: offer?.title,
    couponCode: offer?.couponCode,
    validUntil: offer?.validUntil ? formatDayMonth(offer.validUntil) : null,
  };
}
