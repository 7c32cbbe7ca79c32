import { createHash } from "node:crypto";

import type { BusinessCardLayout } from "~/db/schema/templates";
import { CARD_HEIGHT, CARD_WIDTH, OG_IMAGE_SIZE, businessCardSvg, type CardContent } from "~/lib/card-svg";
import { STORAGE_WINDOWS } from "~/lib/storage-retry";

import { cachedRender } from "./render-cache.server";
import sharp from "./sharp.server";
import { fileStorage } from "./storage.server";

/**
 * A business card drawn by the server: the PNG to download and print (2100 × 1200, 600 dpi at
 * 3.5 × 2 inches), the link preview WhatsApp and others show (1200 × 630 JPEG), and the small
 * previews of the design chooser (700 × 400 WebP). Each is drawn once per version of the card and
 * then read from DATA_DIR/cache/cards.
 */
export const CARD_IMAGES = {
  png: { contentType: "image/png", extension: "png" },
  og: { contentType: "image/jpeg", extension: "jpg" },
  preview: { contentType: "image/webp", extension: "webp" },
} as const;
export type CardImageKind = keyof typeof CARD_IMAGES;

/**
 * A short fingerprint of how a card looks (its content, with the photo's stored URL, and its
 * design). It is in the card's image URLs, so a changed card gets new ones: WhatsApp keeps a
 * link preview per URL.
 */
export function cardVersion(content: CardContent, design: BusinessCardLayout): string {
  return createHash("sha256")
    .update(JSON.stringify([content, design]))
    .digest("hex")
    .slice(0, 16);
}

/** A stored photo (a /uploads/ URL) as a square JPEG of `size` pixels, upright; null when it is gone. */
export async function storedPhotoJpeg(url: string, size: number): Promise<Buffer | null> {
  const file = url.startsWith("/uploads/")
    ? await fileStorage().get(url.slice("/uploads/".length), { withinMs: STORAGE_WINDOWS.waitedMs })
    : null;
  if (!file) return null;
  return sharp(file.bytes).rotate().resize(size, size, { fit: "cover" }).jpeg({ quality: 85 }).toBuffer();
}

/** The link preview: the card on a quiet background with a soft shadow, in the 1.91:1 frame link previews use. */
function linkPreviewSvg(content: CardContent, design: BusinessCardLayout): string {
  const card = { width: 1000, height: Math.round((1000 * CARD_HEIGHT) / CARD_WIDTH) };
  const x = (OG_IMAGE_SIZE.width - card.width) / 2;
  const y = Math.round((OG_IMAGE_SIZE.height - card.height) / 2) - 6;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_SIZE.width}" height="${OG_IMAGE_SIZE.height}">` +
    `<defs><filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur stdDeviation="12"/></filter></defs>` +
    `<rect width="100%" height="100%" fill="#E2E8F0"/>` +
    `<rect x="${x + 4}" y="${y + 14}" width="${card.width - 8}" height="${card.height}" fill="#0F172A" fill-opacity="0.3" filter="url(#shadow)"/>` +
    businessCardSvg(content, design, { placement: { x, y, ...card } }) +
    `</svg>`
  );
}

async function draw(kind: CardImageKind, content: CardContent, design: BusinessCardLayout): Promise<Buffer> {
  // The renderer reads no file and no address: the photo goes in as data.
  const photo = content.photoHref ? await storedPhotoJpeg(content.photoHref, 320) : null;
  const drawn = { ...content, photoHref: photo ? `data:image/jpeg;base64,${photo.toString("base64")}` : null };
  if (kind === "og")
    return sharp(Buffer.from(linkPreviewSvg(drawn, design)))
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer();
  const svg = Buffer.from(businessCardSvg(drawn, design));
  // An SVG is drawn at density / 72 pixels per unit.
  if (kind === "png") return sharp(svg, { density: 144 }).png({ compressionLevel: 9 }).toBuffer();
  return sharp(svg, { density: 48 }).webp({ quality: 82 }).toBuffer();
}

/** A card's image of one kind, drawn on first use and then read from the cache. */
export function cardImage(kind: CardImageKind, content: CardContent, design: BusinessCardLayout): Promise<Buffer> {
  const name = `cards/${kind}-${cardVersion(content, design)}.${CARD_IMAGES[kind].extension}`;
  return cachedRender(name, () => draw(kind, content, design));
}
