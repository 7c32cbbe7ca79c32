import { config } from "~/config.server";
import type { BusinessCardFields, BusinessCardLayout } from "~/db/schema";
import { cardContentOf, cardPhotoUrl, publicCardProfile, type CardProfile } from "~/lib/business-card";
import { SAMPLE_CARD_FIELDS, SAMPLE_CARD_PROFILE } from "~/lib/card-design";
import type { CardContent } from "~/lib/card-svg";
import { paths } from "~/lib/paths";
import { getCardDesign, getOwnBusinessCard, getPublicBusinessCard, type PublicBusinessCard } from "~/models/business-cards.server";
import { CARD_IMAGES, cardImage, cardVersion, type CardImageKind } from "~/services/card-image.server";
import { qrCodeSvg } from "~/services/qr-code.server";
import { applySecurityHeaders } from "~/utils/security-headers.server";

/** The card's page, as its QR code, link preview and contact carry it. */
export const cardPageUrl = (cardId: string) => `${config.PUBLIC_ORIGIN}${paths.card(cardId)}`;

/** A saved card of an active business, or the 404 every other id gets. */
export async function publicCardOr404(cardId: string | undefined): Promise<PublicBusinessCard> {
  const card = await getPublicBusinessCard(cardId ?? "");
  if (!card) throw new Response("This business card was not found.", { status: 404 });
  return card;
}

export type CardDrawing = { content: CardContent; design: BusinessCardLayout; version: string };

type CardToDraw = { id: string; profile: CardProfile; fields: BusinessCardFields };

/**
 * What a card shows: the profile (without the owner's mobile when they left it off) with the
 * card's fields, the photo as stored, the QR code to the card's page.
 */
export async function cardContent(card: CardToDraw): Promise<CardContent> {
  return contentWith(card, await qrCodeSvg(cardPageUrl(card.id)));
}

function contentWith(card: CardToDraw, qrSvg: string): CardContent {
  return cardContentOf(publicCardProfile(card.profile, card.fields), card.fields, { photoHref: cardPhotoUrl(card.profile), qrSvg });
}

/** The sample card's id: its QR code leads to a card page that does not exist, as no business has it. */
const SAMPLE_CARD_ID = "00000000-0000-4000-8000-0000000ca4d5";

/** The sample business's card, which the admin's design previews are drawn with. */
export function sampleCardContent(): Promise<CardContent> {
  return cardContent({ id: SAMPLE_CARD_ID, profile: SAMPLE_CARD_PROFILE, fields: SAMPLE_CARD_FIELDS });
}

/** The card's content with the owner's mobile on it and without, for the chooser's previews of either choice (one QR code for both). */
export async function cardContentChoices(card: CardToDraw): Promise<Record<"withMobile" | "withoutMobile", CardContent>> {
  const qrSvg = await qrCodeSvg(cardPageUrl(card.id));
  return {
    withMobile: contentWith({ ...card, fields: { ...card.fields, showMobile: true } }, qrSvg),
    withoutMobile: contentWith({ ...card, fields: { ...card.fields, showMobile: false } }, qrSvg),
  };
}

/** The content in one design, with the version its image URLs carry. */
export function drawingIn(content: CardContent, design: BusinessCardLayout): CardDrawing {
  return { content, design, version: cardVersion(content, design) };
}

/** What a card draws in a design. */
export async function cardDrawing(card: CardToDraw, design: BusinessCardLayout): Promise<CardDrawing> {
  return drawingIn(await cardContent(card), design);
}

/**
 * A drawing of the card as an answer: kept a year under its versioned URL (a changed card has a
 * new one), a few minutes under any other; `filename` makes it a download.
 */
export async function cardImageResponse(
  request: Request,
  kind: CardImageKind,
  drawing: CardDrawing,
  options: { filename?: string; privateToOwner?: boolean } = {},
): Promise<Response> {
  const bytes = await cardImage(kind, drawing.content, drawing.design);
  const current = new URL(request.url).searchParams.get("v") === drawing.version;
  const headers = new Headers({
    "Content-Type": CARD_IMAGES[kind].contentType,
    "Content-Length": String(bytes.byteLength),
    "Cache-Control": `${options.privateToOwner ? "private" : "public"}, ${current ? "max-age=31536000, immutable" : "max-age=300"}`,
  });
  if (options.filename) headers.set("Content-Disposition", `attachment; filename="${options.filename}"`);
  applySecurityHeaders(headers);
  return new Response(new Uint8Array(bytes), { headers });
}

/** The dashboard's 'My business card': the saved card's page and picture; null until the card is first saved. */
export async function ownCardSummary(userId: string): Promise<{ cardPath: string; previewUrl: string } | null> {
  const card = await getOwnBusinessCard(userId);
  const design = card?.designId ? await getCardDesign(card.designId) : null;
  if (!card || !design) return null;
  const { version } = await cardDrawing(card, design.layout);
  return { cardPath: paths.card(card.id), previewUrl: paths.businessCardPreview(design.id, version) };
}
