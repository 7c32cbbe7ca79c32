import QRCode from "qrcode";

/**
 * A QR code for a URL (the business card's page), made here, offline, by the `qrcode` package:
 * error correction M (readable with a crease or a smudge), a quiet zone of 2 modules.
 */
export function qrCodePng(url: string, widthPx = 512): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 2, width: widthPx });
}

/** The same QR code as SVG, for the card's page and its printable and PNG versions. */
export function qrCodeSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
