import QRCode from "qrcode";

import { defineMemory } from "~/memory/memory.server";

/**
 * A QR code for a URL (the business card's page), made here, offline, by the `qrcode` package:
 * error correction M (readable with a crease or a smudge), a quiet zone of 2 modules.
 */
export function qrCodePng(url: string, widthPx = 512): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 2, width: widthPx });
}

/** A card's URL never changes and its code takes milliseconds to work out: the last ones made are kept. */
const svgs = defineMemory<Promise<string>>({ name: "qr-codes", purpose: "business cards' QR codes as SVG, by the card's URL", max: 1_000 });

/** The same QR code as SVG, for the card's page and its printable and PNG versions (and the dashboard's card at every visit). */
export function qrCodeSvg(url: string): Promise<string> {
  return svgs.remember(url, () => QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 }));
}
