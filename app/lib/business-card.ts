import type { BusinessCardFields } from "~/db/schema/templates";

import type { CardContent } from "./card-svg";
import { formatIndianPhone, indianE164 } from "./phone";
import type { VCardInput } from "./vcard";

/** What a card is filled from: the business's profile, as it is when the card is opened. */
export type CardProfile = {
  name: string;
  businessName: string;
  mobileNumber: string | null;
  businessPhone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  profileImageUrl: string | null;
};

/** A website as a card prints it: 'kiransweets.in/menu', without the scheme or a closing slash. */
export function websiteLabel(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

/** The address on one line: the street lines, then the town, state and PIN. */
export function cardAddress(profile: CardProfile): string | null {
  const street = profile.address
    ?.split(/\s*\n\s*/)
    .filter(Boolean)
    .join(", ");
  const place = [profile.city, [profile.state, profile.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [street, place].filter(Boolean).join(", ") || null;
}

/** Whether the owner's own mobile is on the card: unless they left it off (cards saved before the choice existed keep it, as they showed it). */
export const showsMobile = (fields: BusinessCardFields) => fields.showMobile !== false;

/**
 * The profile as the public card may use it: without the owner's own mobile when they left it off.
 * The public card's page, drawings (PNG, link preview) and contact file are all made from this.
 */
export function publicCardProfile(profile: CardProfile, fields: BusinessCardFields): CardProfile {
  return showsMobile(fields) ? profile : { ...profile, mobileNumber: null };
}

/** The mobile first, then the business phone when it is another number. */
function phonesOf(profile: CardProfile): string[] {
  return [
    ...new Set([profile.mobileNumber, profile.businessPhone].map(formatIndianPhone).filter((phone): phone is string => Boolean(phone))),
  ];
}

/** A photo the card may show: an image stored by this site (any other address is neither fetched nor shown). */
export function cardPhotoUrl(profile: CardProfile): string | null {
  return profile.profileImageUrl?.startsWith("/uploads/") ? profile.profileImageUrl : null;
}

/** The card's content: the profile with what the card adds; the photo and QR code as the drawing needs them. */
export function cardContentOf(
  profile: CardProfile,
  fields: BusinessCardFields,
  drawing: { photoHref: string | null; qrSvg: string | null },
): CardContent {
  return {
    businessName: profile.businessName,
    name: profile.name,
    title: fields.title ?? null,
    tagline: fields.tagline ?? null,
    phones: phonesOf(profile),
    email: fields.email ?? null,
    website: fields.website ? websiteLabel(fields.website) : null,
    address: cardAddress(profile),
    ...drawing,
  };
}

/** The card as a contact to save: phones with +91, and the card's page as its URL unless the business has a website. */
export function cardVCard(profile: CardProfile, fields: BusinessCardFields, cardUrl: string, photoJpegBase64: string | null): VCardInput {
  const address = {
    street:
      profile.address
        ?.split(/\s*\n\s*/)
        .filter(Boolean)
        .join(", ") || null,
    city: profile.city,
    state: profile.state,
    postalCode: profile.postalCode,
  };
  const [mobileNumber, businessPhone] = [profile.mobileNumber, profile.businessPhone].map((phone) => (phone ? indianE164(phone) : null));
  return {
    name: profile.name,
    businessName: profile.businessName,
    title: fields.title ?? null,
    mobileNumber,
    businessPhone: businessPhone !== mobileNumber ? businessPhone : null,
    email: fields.email ?? null,
    address: Object.values(address).some(Boolean) ? { ...address, country: "India" } : undefined,
    url: fields.website ?? cardUrl,
    photoJpegBase64,
  };
}

/** One thing a saved card makes public, as the chooser lists it before saving. */
export type PublicCardPart = { label: string; value: string };

/**
 * Everything a card with these choices makes public (its page, QR code, contact file, PNG and link
 * preview), in plain words, and what the owner has kept off it: the chooser says this before saving.
 */
export function publicCardParts(profile: CardProfile, fields: BusinessCardFields): { shown: PublicCardPart[]; keptOff: string[] } {
  const mobile = formatIndianPhone(profile.mobileNumber);
  const businessPhone = formatIndianPhone(profile.businessPhone);
  const mobileShown = Boolean(mobile) && showsMobile(fields);
  const phones: PublicCardPart[] = [];
  if (mobile && mobileShown) {
    phones.push({
      label: "Phone",
      value: `${mobile}, your personal mobile${mobile === businessPhone ? " (also your business phone)" : ""}, with a 'Chat on WhatsApp' link`,
    });
  }
  if (businessPhone && !(mobileShown && businessPhone === mobile)) {
    phones.push({
      label: "Phone",
      value: `${businessPhone}, your business phone${businessPhone === mobile ? " (the same number as your personal mobile)" : ""}`,
    });
  }
  const optional = (label: string, value: string | null | undefined): PublicCardPart[] => (value ? [{ label, value }] : []);
  const shown = [
    { label: "Name", value: profile.name },
    { label: "Business", value: profile.businessName },
    ...optional("Title", fields.title),
    ...optional("Tagline", fields.tagline),
    ...(phones.length ? phones : [{ label: "Phone", value: "none: the card has no phone number" }]),
    ...optional("Email", fields.email),
    ...optional("Website", fields.website ? websiteLabel(fields.website) : null),
    ...optional("Address", cardAddress(profile)),
    ...optional("Photo", cardPhotoUrl(profile) ? "your profile photo" : null),
  ];
  const keptOff = mobile && !mobileShown && mobile !== businessPhone ? [`your personal mobile (${mobile})`] : [];
  return { shown, keptOff };
}

/** A file name from the business's name: 'kiran-sweets', or 'business' when nothing Latin is left. */
export function fileNameOf(businessName: string): string {
  const slug = businessName
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60)
    .replace(/-$/, "");
  return slug || "business";
}
