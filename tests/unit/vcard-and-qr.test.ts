import ICAL from "ical.js";
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { buildVCard, escapeVCardText, foldVCardLine } from "~/lib/vcard";
import { qrCodePng, qrCodeSvg } from "~/services/qr-code.server";

describe("the business card's vCard", () => {
  const card = buildVCard({
    name: "Kiran Rao",
    businessName: "Kiran Sweets; Bakery, Jalebi",
    mobileNumber: "+919812345678",
    businessPhone: "+918023456789",
    email: "kiran@example.in",
    address: { street: "12th Main, Indiranagar", city: "Bengaluru", state: "Karnataka", postalCode: "560038", country: "India" },
    url: "https://isent.example.in/card/abc",
    photoJpegBase64: "A".repeat(300),
  });

  it("parses as vCard 3.0 with every field as given (an independent parser, ical.js)", () => {
    const parsed = new ICAL.Component(ICAL.parse(card));
    const value = (name: string) => parsed.getFirstPropertyValue(name);
    expect(value("version")).toBe("3.0");
    expect(value("fn")).toBe("Kiran Rao");
    expect(value("org")).toBe("Kiran Sweets; Bakery, Jalebi");
    expect(parsed.getAllProperties("tel").map((tel) => tel.getFirstValue())).toEqual(["+919812345678", "+918023456789"]);
    expect(value("email")).toBe("kiran@example.in");
    expect(value("url")).toBe("https://isent.example.in/card/abc");
    expect(parsed.getFirstProperty("adr")!.getValues().flat()).toEqual([
      "",
      "",
      "12th Main, Indiranagar",
      "Bengaluru",
      "Karnataka",
      "560038",
      "India",
    ]);
    expect(String(value("photo"))).toBe("A".repeat(300));
  });

  it("ends lines with CRLF and folds every line to at most 75 octets, never inside a character", () => {
    expect(card.endsWith("END:VCARD\r\n")).toBe(true);
    for (const line of card.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const hindi = foldVCardLine(`FN:${"कि".repeat(40)}`);
    expect(hindi.split("\r\n ").join("")).toBe(`FN:${"कि".repeat(40)}`);
    expect(escapeVCardText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });
});

describe("the card's QR code", () => {
  it("decodes (jsQR) to the card's URL, from the PNG and from the SVG", async () => {
    const url = "https://isent.example.in/card/6f1c2d9e-8a4b-4c1e-9f2a-1b2c3d4e5f60";
    for (const image of [await qrCodePng(url, 400), Buffer.from(await qrCodeSvg(url))]) {
      const { data, info } = await sharp(image)
        .resize(400)
        .flatten({ background: "#ffffff" })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(url);
    }
  });
});
