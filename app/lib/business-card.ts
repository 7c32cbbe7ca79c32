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
