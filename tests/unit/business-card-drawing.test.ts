import { describe, expect, it } from "vitest";

import type { BusinessCardLayout } from "~/db/schema";
import { DEMO_CARD_DESIGNS } from "~/db/seed/demo-content";
import { cardAddress, cardContentOf, cardVCard, fileNameOf, websiteLabel } from "~/lib/business-card";
import { CARD_WIDTH, businessCardSvg, contrastRatio, type CardContent } from "~/lib/card-svg";
import { ellipsize, fitText, textWidth, wrapText } from "~/lib/card-text";
import { indianE164, whatsappChatUrl } from "~/lib/phone";
import { businessCardSchema, INVALID_WEBSITE } from "~/lib/schemas/business-card";
import { qrCodeSvg } from "~/services/qr-code.server";
import sharp from "~/services/sharp.server";

const CONTENT: CardContent = {
  businessName: "Kiran Sweets",
  name: "Kiran Rao",
  title: "Owner",
  tagline: "Fresh jalebi every morning",
  phones: ["+91 98123 45678"],
  email: "hello@kiransweets.in",
  website: "kiransweets.in",
  address: "12th Main, Indiranagar, Bengaluru, Karnataka 560038",
  photoHref: "/img/320/u/abc.jpg",
  qrSvg: null,
};

describe("fitting text into the card's boxes", () => {
  const style = { size: 40 };

  it("keeps a short text on one line at its size, shrinks a slightly long one, and wraps a long one", () => {
    expect(fitText("Kiran Sweets", { maxWidth: 600, maxLines: 2, minSize: 24 }, style)).toEqual({ lines: ["Kiran Sweets"], size: 40 });
    const slightlyLong = "Kiran Sweets and Savouries";
    const shrunk = fitText(slightlyLong, { maxWidth: textWidth(slightlyLong, style) * 0.9, maxLines: 2, minSize: 24 }, style);
    expect(shrunk.lines).toEqual([slightlyLong]);
    expect(shrunk.size).toBeLessThan(40);
    const wrapped = fitText("Sri Lakshmi Narayana Sweets and Savouries", { maxWidth: 500, maxLines: 2, minSize: 24 }, style);
    expect(wrapped.lines).toHaveLength(2);
    expect(wrapped.lines.join(" ")).toBe("Sri Lakshmi Narayana Sweets and Savouries");
    for (const line of wrapped.lines) expect(textWidth(line, { size: wrapped.size })).toBeLessThanOrEqual(500);
  });

  it("cuts what cannot fit at the smallest size with '…', within the box", () => {
    const fitted = fitText("word ".repeat(80), { maxWidth: 300, maxLines: 2, minSize: 20 }, style);
    expect(fitted.size).toBe(20);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1].endsWith("…")).toBe(true);
    for (const line of fitted.lines) expect(textWidth(line, { size: 20 })).toBeLessThanOrEqual(300);
  });

  it("never cuts a Hindi letter from its vowel sign, and breaks a word longer than a line between letters", () => {
    const cut = ellipsize("किरण किराना स्टोर", 150, style);
    expect(cut.endsWith("…")).toBe(true);
    // Each kept letter is whole: what remains before '…' is a prefix of whole graphemes.
    const kept = cut.slice(0, -1);
    const graphemes = Array.from(new Intl.Segmenter("hi", { granularity: "grapheme" }).segment("किरण किराना स्टोर"), (part) => part.segment);
    expect(graphemes.some((_, count) => graphemes.slice(0, count).join("").trimEnd() === kept)).toBe(true);
    const lines = wrapText("a".repeat(60), 300, style);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe("a".repeat(60));
  });

  it("counts Devanagari vowel signs and the virama as taking no room of their own", () => {
    expect(textWidth("क्ष", style)).toBeLessThan(textWidth("कष", style) + 1);
    expect(textWidth("कि", style)).toBeLessThan(textWidth("कक", style));
  });
});

describe("the card's drawing", () => {
  const colours = { background: "#FFFFFF", foreground: "#111827", accent: "#B4400C", font: "sans" } as const;
  const styles = ["classic", "bold", "minimal", "festive"] as const;
  const draw = (style: BusinessCardLayout["style"], content: CardContent = CONTENT) => businessCardSvg(content, { ...colours, style });

  it("escapes every text: a name with markup is text in the drawing, never markup", () => {
    const hostile = { ...CONTENT, businessName: `<script>alert(1)</script>"'&`, name: "<img src=x onerror=alert(1)>" };
    for (const style of styles) {
      const svg = draw(style, hostile);
      expect(svg).not.toMatch(/<script|<img/);
      expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;");
    }
  });

  it("lays the card out four different ways, not four colourings of one", () => {
    const drawings = styles.map((style) => draw(style));
    // Where the business name sits: each layout puts it somewhere else.
    const nameAt = drawings.map((svg) =>
      svg
        .match(/<text x="(\d+)" y="(\d+)"[^>]*>(?:<tspan[^>]*>)?Kiran Sweets/)
        ?.slice(1, 3)
        .join(","),
    );
    expect(new Set(nameAt).size).toBe(4);
    expect(drawings[1]).toContain('<rect x="0" y="0" width="400"'); // bold: a band of colour
    expect(drawings[2]).not.toContain("<image"); // minimal: no photo
    expect(drawings[3]).toContain("<ellipse"); // festive: rangoli and toran
    expect(drawings[0]).toContain('stroke-width="2.5"'); // classic: a framed card
  });

  it("draws the QR code on the card when it has one", async () => {
    const qrSvg = await qrCodeSvg("https://isent.example.in/card/1");
    for (const style of styles) {
      const svg = draw(style, { ...CONTENT, qrSvg });
      expect(svg).toMatch(/<svg x="\d+" y="\d+" width="\d+" height="\d+"[^>]*viewBox="0 0 \d+ \d+"/);
    }
  });

  it("keeps accent-coloured text readable: a pale accent on a pale card writes in the text colour", () => {
    const pale = businessCardSvg(CONTENT, { ...colours, accent: "#FDE68A", style: "classic" });
    expect(pale).not.toMatch(/fill="#FDE68A"[^>]*font-style="italic"/);
    expect(contrastRatio("#FFFFFF", "#000000")).toBeCloseTo(21);
    expect(contrastRatio("#777777", "#777777")).toBeCloseTo(1);
  });

  it("draws every seeded design, however long the details, inside the card (rendered by sharp)", async () => {
    const long: CardContent = {
      ...CONTENT,
      businessName: "श्री लक्ष्मी नारायण मिष्ठान्न भंडार एवं नमकीन केंद्र & Caterers Private Limited",
      name: "रमेश चंद्र अग्रवाल Ramesh Chandra Agarwal",
      title: "x".repeat(60),
      tagline: "y".repeat(80),
      phones: ["+91 98123 45678", "+91 80234 56789"],
      address: "z ".repeat(150),
      qrSvg: await qrCodeSvg("https://isent.example.in/card/1"),
      photoHref: null,
    };
    for (const design of DEMO_CARD_DESIGNS) {
      const png = await sharp(Buffer.from(businessCardSvg(long, design.layout)), { density: 36 })
        .png()
        .toBuffer();
      expect(await sharp(png).metadata()).toMatchObject({ width: CARD_WIDTH / 2, height: 300 });
    }
  });
});

describe("the server's fonts", () => {
  /** How wide the ink of a text is, drawn in a font family by the server. */
  async function inkWidth(text: string, family: string) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="200"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="130" font-family="${family}" font-size="96">${text}</text></svg>`;
    const { info } = await sharp(Buffer.from(svg)).trim({ background: "#ffffff" }).toBuffer({ resolveWithObject: true });
    return info.width;
  }

  it("shape Hindi with a Devanagari font: a conjunct is one narrow glyph, not three boxes", async () => {
    for (const family of ["Noto Sans Devanagari", "Noto Serif Devanagari", "Yatra One"]) {
      // क्ष (ka, virama, ssa) joins into one letter; with no Devanagari font each would be a box.
      expect(await inkWidth("क्ष", family)).toBeLessThan(await inkWidth("कष", family));
    }
  });
});

describe("the card's content", () => {
  const profile = {
    name: "Kiran Rao",
    businessName: "Kiran Sweets",
    mobileNumber: "+919812345678",
    businessPhone: "+919812345678",
    address: "Shop 4\n12th Main",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560038",
    profileImageUrl: "https://lh3.googleusercontent.com/a/photo",
  };

  it("is filled from the profile: one line of address, each phone once with +91, and the card's own fields", () => {
    const content = cardContentOf(profile, { title: "Owner", website: "https://kiransweets.in/" }, { photoHref: null, qrSvg: null });
    expect(content).toMatchObject({
      phones: ["+91 98123 45678"],
      address: "Shop 4, 12th Main, Bengaluru, Karnataka 560038",
      title: "Owner",
      website: "kiransweets.in",
      tagline: null,
      email: null,
    });
    expect(cardAddress({ ...profile, address: null, city: null, state: null, postalCode: null })).toBeNull();
    expect(websiteLabel("http://example.in/menu/")).toBe("example.in/menu");
    expect(fileNameOf("Kiran's Sweets & Snacks")).toBe("kirans-sweets-snacks");
    expect(fileNameOf("किरण स्वीट्स")).toBe("business");
  });

  it("saves as a contact with +91 numbers (as registration once stored them too) and no address when there is none", () => {
    const bare = {
      ...profile,
      mobileNumber: "98450 12345",
      businessPhone: "+919845012345",
      address: null,
      city: null,
      state: null,
      postalCode: null,
    };
    const contact = cardVCard(bare, {}, "https://isent.example.in/card/1", null);
    expect(contact).toMatchObject({
      mobileNumber: "+919845012345",
      businessPhone: null,
      address: undefined,
      url: "https://isent.example.in/card/1",
    });
    expect(cardContentOf(bare, {}, { photoHref: null, qrSvg: null }).phones).toEqual(["+91 98450 12345"]);
    expect([indianE164("080 2345 6789"), indianE164("+44 20 7946 0958")]).toEqual(["+918023456789", "+44 20 7946 0958"]);
    expect(whatsappChatUrl("98450 12345")).toBe("https://wa.me/919845012345");
  });

  it("takes a website as typed, https when no scheme is given, and refuses anything else", () => {
    const website = (value: string) => businessCardSchema.safeParse({ designId: "9f0c2d9e-8a4b-4c1e-9f2a-1b2c3d4e5f60", website: value });
    expect(website("kiransweets.in").data?.website).toBe("https://kiransweets.in/");
    expect(website("http://kiransweets.in/menu").data?.website).toBe("http://kiransweets.in/menu");
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "kiran sweets", "https://a@b.in", "mailto:x@y.in"]) {
      expect(
        website(bad).error?.issues.map((issue) => issue.message),
        bad,
      ).toEqual([INVALID_WEBSITE]);
    }
  });
});
