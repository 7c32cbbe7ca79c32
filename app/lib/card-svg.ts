import type { BusinessCardLayout } from "~/db/schema/templates";

import { ellipsize, fitText, textWidth, type TextStyle } from "./card-text";

/**
 * A business card drawn as SVG, 3.5 × 2 inches (1050 × 600 units): the same drawing is inlined in
 * the card's page (so it prints sharp) and rendered by the server into the PNG download, the link
 * preview and the design previews. Each layout places the parts its own way.
 */
export const CARD_WIDTH = 1050;
export const CARD_HEIGHT = 600;
/** The link preview's frame (1.91:1, as WhatsApp and others show it). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** What a card shows, already in display form; missing parts are left off. */
export type CardContent = {
  businessName: string;
  name: string;
  title: string | null;
  tagline: string | null;
  /** Shown as given, e.g. '+91 98123 45678'. */
  phones: string[];
  email: string | null;
  /** Without its scheme, e.g. 'kiransweets.in'. */
  website: string | null;
  /** One line: street, city, state and PIN. */
  address: string | null;
  /** The profile image: a URL for the page, a data: URI for the server's renderer. */
  photoHref: string | null;
  /** A QR code (the `qrcode` package's SVG) to the card's page. */
  qrSvg: string | null;
};

const FONT_STACKS = {
  sans: "'Noto Sans Devanagari', 'Noto Sans', Roboto, Arial, sans-serif",
  serif: "'Noto Serif Devanagari', 'Noto Serif', Georgia, serif",
  display: "'Yatra One', 'Noto Serif Devanagari', Georgia, serif",
} as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The colours a layout draws with: text on the accent colour and accent-coloured text stay readable. */
function paletteOf(design: BusinessCardLayout) {
  const onAccent = contrastRatio(design.accent, "#FFFFFF") >= contrastRatio(design.accent, "#111111") ? "#FFFFFF" : "#111111";
  const accentText = contrastRatio(design.accent, design.background) >= 3 ? design.accent : design.foreground;
  return { ...design, onAccent, accentText };
}
type Palette = ReturnType<typeof paletteOf>;

type TextRun = TextStyle & {
  x: number;
  y: number;
  lines: string[];
  fill: string;
  anchor?: "start" | "middle";
  italic?: boolean;
  opacity?: number;
  lineHeight?: number;
};

/** A <text> of one or more lines, the first line's baseline at y. */
function text(run: TextRun): string {
  const attributes = [
    `x="${run.x}"`,
    `y="${run.y}"`,
    `font-family="${FONT_STACKS[run.family ?? "sans"]}"`,
    `font-size="${run.size}"`,
    `fill="${run.fill}"`,
    run.weight === "bold" ? `font-weight="700"` : "",
    run.anchor === "middle" ? `text-anchor="middle"` : "",
    run.italic ? `font-style="italic"` : "",
    run.letterSpacing ? `letter-spacing="${run.letterSpacing}"` : "",
    run.opacity !== undefined ? `fill-opacity="${run.opacity}"` : "",
  ].filter(Boolean);
  const step = Math.round(run.size * (run.lineHeight ?? 1.18));
  const lines = run.lines.map((line, index) => `<tspan x="${run.x}" dy="${index === 0 ? 0 : step}">${escapeXml(line)}</tspan>`);
  return `<text ${attributes.join(" ")}>${lines.join("")}</text>`;
}

/** The height the lines of a run take below its first baseline. */
const extraHeight = (lines: string[], size: number, lineHeight = 1.18) => (lines.length - 1) * Math.round(size * lineHeight);

// Outline icons on a 24-unit grid (after Heroicons, MIT).
const ICONS = {
  phone:
    "M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 002.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 01-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 00-1.091-.852H4.5A2.25 2.25 0 002.25 4.5v2.25z",
  email:
    "M21.75 6.75v10.5a2.25 2.25 0 01-2.25 2.25h-15a2.25 2.25 0 01-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0019.5 4.5h-15a2.25 2.25 0 00-2.25 2.25m19.5 0v.243a2.25 2.25 0 01-1.07 1.916l-7.5 4.615a2.25 2.25 0 01-2.36 0L3.32 8.91a2.25 2.25 0 01-1.07-1.916V6.75",
  website:
    "M12 21.75a9.75 9.75 0 100-19.5 9.75 9.75 0 000 19.5zM2.25 12h19.5M12 2.25c2.5 2.7 3.75 6 3.75 9.75S14.5 19.05 12 21.75M12 2.25C9.5 4.95 8.25 8.25 8.25 12s1.25 7.05 3.75 9.75",
  address: "M15 10.5a3 3 0 11-6 0 3 3 0 016 0zM19.5 10.5c0 7.142-7.5 11.25-7.5 11.25S4.5 17.642 4.5 10.5a7.5 7.5 0 1115 0z",
} as const;
type ContactKind = keyof typeof ICONS;

function icon(kind: ContactKind, x: number, y: number, size: number, color: string): string {
  const scale = size / 24;
  return `<path transform="translate(${x} ${y}) scale(${scale})" d="${ICONS[kind]}" fill="none" stroke="${color}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`;
}

type ContactLine = { kind: ContactKind; text: string };

/** The card's ways to reach the business, in the order a reader looks for them. */
function contactLines(content: CardContent): ContactLine[] {
  return [
    ...content.phones.map((phone) => ({ kind: "phone" as const, text: phone })),
    ...(content.email ? [{ kind: "email" as const, text: content.email }] : []),
    ...(content.website ? [{ kind: "website" as const, text: content.website }] : []),
    ...(content.address ? [{ kind: "address" as const, text: content.address }] : []),
  ];
}

/**
 * Contact lines with an icon each, from the baseline y down, `gap` apart, within `maxWidth` and
 * above `bottom`; the address (last) may take two lines when there is room.
 */
function contactList(
  lines: ContactLine[],
  box: { x: number; y: number; gap: number; size: number; maxWidth: number; bottom: number },
  palette: Palette,
): string {
  const style = { size: box.size };
  const parts: string[] = [];
  let y = box.y;
  const iconSize = Math.round(box.size * 1.05);
  const textX = box.x + iconSize + 14;
  const width = box.maxWidth - iconSize - 14;
  for (const line of lines) {
    if (y > box.bottom) break;
    const wrapped =
      line.kind === "address" && y + box.gap <= box.bottom
        ? fitText(line.text, { maxWidth: width, maxLines: 2, minSize: box.size }, style).lines
        : [ellipsize(line.text, width, style)];
    parts.push(icon(line.kind, box.x, y - iconSize * 0.82, iconSize, palette.accentText));
    parts.push(text({ x: textX, y, lines: wrapped, size: box.size, fill: palette.foreground, lineHeight: 1.25 }));
    y += box.gap + extraHeight(wrapped, box.size, 1.25);
  }
  return parts.join("");
}

/** The first letter (a whole one, vowel signs included) of the business, for a card without a photo. */
function initialOf(name: string): string {
  const first = new Intl.Segmenter("en", { granularity: "grapheme" }).segment(name.trim())[Symbol.iterator]().next();
  return first.done ? "?" : first.value.segment.toUpperCase();
}

/** The profile photo in a circle, or the business's initial on the accent colour. */
function avatar(content: CardContent, circle: { cx: number; cy: number; r: number }, palette: Palette, idPrefix: string): string {
  if (content.photoHref) {
    const clip = `${idPrefix}-photo`;
    const { cx, cy, r } = circle;
    return (
      `<clipPath id="${clip}"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>` +
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${palette.onAccent}"/>` +
      `<image href="${escapeXml(content.photoHref)}" x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${clip})"/>`
    );
  }
  return (
    `<circle cx="${circle.cx}" cy="${circle.cy}" r="${circle.r}" fill="${palette.accent}"/>` +
    text({
      x: circle.cx,
      y: circle.cy + circle.r * 0.36,
      lines: [initialOf(content.businessName)],
      size: Math.round(circle.r * 1.05),
      weight: "bold",
      family: palette.font,
      fill: palette.onAccent,
      anchor: "middle",
    })
  );
}

/** The QR code on a white square (scanners want dark on light, whatever the design's colours). */
function qrCode(content: CardContent, box: { x: number; y: number; size: number }): string {
  if (!content.qrSvg) return "";
  const padding = Math.round(box.size * 0.06);
  const inner = content.qrSvg
    .replace(/<\?xml[^>]*>/, "")
    .trim()
    .replace(
      /^<svg\b/,
      `<svg x="${box.x + padding}" y="${box.y + padding}" width="${box.size - 2 * padding}" height="${box.size - 2 * padding}"`,
    );
  return `<rect x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}" rx="10" fill="#FFFFFF"/>${inner}`;
}

/** Name and title on one line, as minimal and festive cards put them. */
const nameWithTitle = (content: CardContent) => [content.name, content.title].filter(Boolean).join(" · ");

type Layout = (content: CardContent, palette: Palette, idPrefix: string) => string;

/** Left-aligned, framed: photo and business name on top, a rule, the person, then the contacts; QR at the bottom right. */
const classic: Layout = (content, palette, idPrefix) => {
  const heading = fitText(
    content.businessName,
    { maxWidth: 740, maxLines: 2, minSize: 34 },
    { size: 56, weight: "bold", family: palette.font },
  );
  const headingY = heading.lines.length === 1 ? 152 : 120;
  const taglineY = headingY + extraHeight(heading.lines, heading.size) + 44;
  const name = fitText(content.name, { maxWidth: 700, maxLines: 1, minSize: 26 }, { size: 36, weight: "bold" });
  return [
    `<rect x="22" y="22" width="1006" height="556" rx="10" fill="none" stroke="${palette.accent}" stroke-width="2.5"/>`,
    `<rect x="32" y="32" width="986" height="536" rx="6" fill="none" stroke="${palette.accent}" stroke-opacity="0.35"/>`,
    avatar(content, { cx: 134, cy: 140, r: 70 }, palette, idPrefix),
    text({ x: 234, y: headingY, lines: heading.lines, size: heading.size, weight: "bold", family: palette.font, fill: palette.foreground }),
    content.tagline
      ? text({
          x: 236,
          y: taglineY,
          lines: [ellipsize(content.tagline, 740, { size: 25 })],
          size: 25,
          italic: true,
          fill: palette.accentText,
        })
      : "",
    `<rect x="70" y="262" width="700" height="3" fill="${palette.accent}"/>`,
    text({ x: 70, y: 318, lines: name.lines, size: name.size, weight: "bold", fill: palette.foreground }),
    content.title
      ? text({ x: 70, y: 354, lines: [ellipsize(content.title, 700, { size: 24 })], size: 24, fill: palette.foreground, opacity: 0.75 })
      : "",
    contactList(contactLines(content), { x: 70, y: content.title ? 404 : 388, gap: 34, size: 23, maxWidth: 720, bottom: 548 }, palette),
    qrCode(content, { x: 838, y: 378, size: 156 }),
  ].join("");
};

/** A band of the accent colour with the photo and business name; the person and contacts beside it. */
const bold: Layout = (content, palette, idPrefix) => {
  const heading = fitText(
    content.businessName,
    { maxWidth: 340, maxLines: 2, minSize: 26 },
    { size: 40, weight: "bold", family: palette.font },
  );
  const headingBottom = 310 + extraHeight(heading.lines, heading.size);
  const name = fitText(content.name, { maxWidth: 540, maxLines: 1, minSize: 30 }, { size: 48, weight: "bold" });
  const tagline = content.tagline ? ellipsize(content.tagline, 340, { size: 21 }) : null;
  const hasQr = Boolean(content.qrSvg);
  return [
    `<rect x="0" y="0" width="400" height="${CARD_HEIGHT}" fill="${palette.accent}"/>`,
    `<circle cx="200" cy="160" r="94" fill="none" stroke="${palette.onAccent}" stroke-opacity="0.6" stroke-width="5"/>`,
    avatar(content, { cx: 200, cy: 160, r: 86 }, { ...palette, accent: palette.foreground, onAccent: palette.background }, idPrefix),
    text({
      x: 200,
      y: 310,
      lines: heading.lines,
      size: heading.size,
      weight: "bold",
      family: palette.font,
      fill: palette.onAccent,
      anchor: "middle",
      lineHeight: 1.12,
    }),
    tagline && headingBottom < (hasQr ? 400 : 540)
      ? text({ x: 200, y: headingBottom + 36, lines: [tagline], size: 21, fill: palette.onAccent, opacity: 0.85, anchor: "middle" })
      : "",
    qrCode(content, { x: 130, y: 432, size: 140 }),
    text({ x: 460, y: 124, lines: name.lines, size: name.size, weight: "bold", fill: palette.foreground }),
    content.title ? text({ x: 462, y: 166, lines: [ellipsize(content.title, 540, { size: 26 })], size: 26, fill: palette.accentText }) : "",
    `<rect x="462" y="196" width="84" height="6" rx="3" fill="${palette.accent}"/>`,
    contactList(contactLines(content), { x: 462, y: 262, gap: 44, size: 25, maxWidth: 548, bottom: 560 }, palette),
  ].join("");
};

/** Quiet and centred: the business name, the person, one or two lines of contacts; a small QR in the corner. */
const minimal: Layout = (content, palette) => {
  const heading = fitText(
    content.businessName,
    { maxWidth: 780, maxLines: 2, minSize: 32 },
    { size: 54, family: palette.font, letterSpacing: 2 },
  );
  const headingY = heading.lines.length === 1 ? 236 : 196;
  const ruleY = headingY + extraHeight(heading.lines, heading.size) + 30;
  const person = nameWithTitle(content);
  const small = { size: 21, letterSpacing: 0.5 };
  const reach = [...content.phones, content.email, content.website].filter((part): part is string => Boolean(part));
  const separator = "   ·   ";
  const firstLine = fitLineOfParts(reach, 820, small, separator);
  const rest = [...reach.slice(firstLine.count), content.address].filter((part): part is string => Boolean(part));
  const bottomLines = [firstLine.text, rest.length ? ellipsize(rest.join(separator), 820, small) : null].filter((line): line is string =>
    Boolean(line),
  );
  return [
    text({
      x: 525,
      y: headingY,
      lines: heading.lines,
      size: heading.size,
      family: palette.font,
      letterSpacing: 2,
      fill: palette.foreground,
      anchor: "middle",
    }),
    `<rect x="505" y="${ruleY}" width="40" height="3" fill="${palette.accent}"/>`,
    text({
      x: 525,
      y: ruleY + 60,
      lines: [ellipsize(person, 800, { size: 26 })],
      size: 26,
      fill: palette.foreground,
      opacity: 0.85,
      anchor: "middle",
    }),
    content.tagline
      ? text({
          x: 525,
          y: ruleY + 100,
          lines: [ellipsize(content.tagline, 800, { size: 21 })],
          size: 21,
          italic: true,
          fill: palette.foreground,
          opacity: 0.6,
          anchor: "middle",
        })
      : "",
    text({
      x: 525,
      y: bottomLines.length === 1 ? 536 : 510,
      lines: bottomLines,
      size: 21,
      letterSpacing: 0.5,
      fill: palette.accentText,
      anchor: "middle",
      lineHeight: 1.5,
    }),
    qrCode(content, { x: 934, y: 26, size: 92 }),
  ].join("");
};

/** As many whole parts as fit on one line, joined by the separator (the first part cut if it alone is too long). */
function fitLineOfParts(parts: string[], maxWidth: number, style: TextStyle, separator: string): { text: string; count: number } {
  let count = 0;
  while (count < parts.length && textWidth(parts.slice(0, count + 1).join(separator), style) <= maxWidth) count += 1;
  if (count === 0 && parts.length) return { text: ellipsize(parts[0], maxWidth, style), count: 1 };
  return { text: parts.slice(0, count).join(separator), count };
}

/** A rangoli motif: eight petals round a centre, in a ring. */
function rangoli(cx: number, cy: number, palette: Palette): string {
  const petals = Array.from(
    { length: 8 },
    (_, index) =>
      `<ellipse cx="${cx}" cy="${cy - 15}" rx="5.5" ry="12" fill="${palette.accent}" fill-opacity="0.8" transform="rotate(${index * 45} ${cx} ${cy})"/>`,
  ).join("");
  return `<circle cx="${cx}" cy="${cy}" r="31" fill="none" stroke="${palette.accent}" stroke-width="1.5" stroke-dasharray="3 5"/>${petals}<circle cx="${cx}" cy="${cy}" r="6" fill="${palette.foreground}" fill-opacity="0.7"/>`;
}

/** A toran across the top: marigolds and mango leaves on a string, with a few hanging flowers. */
function toran(palette: Palette): string {
  const parts = [`<path d="M150 40 Q525 74 900 40" fill="none" stroke="${palette.accent}" stroke-width="1.5"/>`];
  for (let index = 0; index <= 22; index += 1) {
    const x = 150 + index * (750 / 22);
    const t = index / 22;
    const y = 40 + 4 * 34 * t * (1 - t); // On the string's curve.
    if (index % 2 === 0) {
      parts.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="9" fill="#F59E0B"/>`);
      parts.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4" fill="#EA580C"/>`);
    } else {
      parts.push(`<ellipse cx="${x.toFixed(1)}" cy="${(y + 10).toFixed(1)}" rx="5" ry="11" fill="#2F855A"/>`);
    }
    if (index % 6 === 3) {
      parts.push(
        `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${x.toFixed(1)}" y2="${(y + 30).toFixed(1)}" stroke="${palette.accent}"/>`,
      );
      parts.push(`<circle cx="${x.toFixed(1)}" cy="${(y + 36).toFixed(1)}" r="7" fill="#F59E0B"/>`);
    }
  }
  return parts.join("");
}

/** A lit diya, centred on (cx, cy). */
function diya(cx: number, cy: number, palette: Palette): string {
  return (
    `<path d="M${cx - 34} ${cy} Q${cx} ${cy + 34} ${cx + 34} ${cy} Z" fill="${palette.accent}"/>` +
    `<path d="M${cx} ${cy - 34} C${cx + 10} ${cy - 18} ${cx + 9} ${cy - 6} ${cx} ${cy - 2} C${cx - 9} ${cy - 6} ${cx - 10} ${cy - 18} ${cx} ${cy - 34} Z" fill="#F59E0B"/>` +
    `<path d="M${cx} ${cy - 22} C${cx + 4} ${cy - 14} ${cx + 4} ${cy - 8} ${cx} ${cy - 5} C${cx - 4} ${cy - 8} ${cx - 4} ${cy - 14} ${cx} ${cy - 22} Z" fill="#FDE68A"/>`
  );
}

/** A celebration: double border, rangoli corners, a toran and a diya over the business name; all centred. */
const festive: Layout = (content, palette) => {
  const heading = fitText(
    content.businessName,
    { maxWidth: 720, maxLines: 2, minSize: 34 },
    { size: 58, family: palette.font, weight: palette.font === "display" ? "normal" : "bold" },
  );
  const headingY = 214;
  let y = headingY + extraHeight(heading.lines, heading.size, 1.1);
  const lines: string[] = [];
  const centred = (line: string, size: number, extra: Partial<TextRun> = {}) => {
    lines.push(text({ x: 525, y, lines: [line], size, fill: palette.foreground, anchor: "middle", ...extra }));
  };
  if (content.tagline) {
    y += 42;
    centred(ellipsize(content.tagline, 720, { size: 23 }), 23, { italic: true, opacity: 0.8 });
  }
  y += 58;
  centred(ellipsize(nameWithTitle(content), 700, { size: 30, weight: "bold" }), 30, { weight: "bold" });
  // Below the name the lines narrow, leaving the QR code its corner.
  const small = { size: 22 };
  const phones = fitLineOfParts(content.phones, 600, small, "   |   ");
  const reach = [
    phones.count ? phones.text : null,
    [content.email, content.website].filter(Boolean).join("   ·   ") || null,
    content.address,
  ];
  for (const line of reach) {
    if (!line || y + 40 > 540) continue;
    y += 40;
    centred(ellipsize(line, 600, small), 22, { opacity: 0.9 });
  }
  return [
    `<rect x="16" y="16" width="1018" height="568" rx="18" fill="none" stroke="${palette.accent}" stroke-width="4"/>`,
    `<rect x="30" y="30" width="990" height="540" rx="12" fill="none" stroke="${palette.accent}" stroke-width="2" stroke-dasharray="1 9" stroke-linecap="round"/>`,
    rangoli(82, 82, palette),
    rangoli(968, 82, palette),
    rangoli(82, 518, palette),
    toran(palette),
    diya(525, 124, palette),
    text({
      x: 525,
      y: headingY,
      lines: heading.lines,
      size: heading.size,
      family: palette.font,
      weight: palette.font === "display" ? "normal" : "bold",
      fill: palette.accentText,
      anchor: "middle",
      lineHeight: 1.1,
    }),
    ...lines,
    qrCode(content, { x: 884, y: 434, size: 116 }),
  ].join("");
};

const LAYOUTS: Record<BusinessCardLayout["style"], Layout> = { classic, bold, minimal, festive };

export type CardPlacement = { x: number; y: number; width: number; height: number };

/**
 * The card as an SVG document, or placed inside another drawing (the link preview) with
 * `placement`. `idPrefix` keeps its internal ids apart from another card's on the same page.
 */
export function businessCardSvg(
  content: CardContent,
  design: BusinessCardLayout,
  { idPrefix = "card", placement }: { idPrefix?: string; placement?: CardPlacement } = {},
): string {
  const palette = paletteOf(design);
  const label = `Business card of ${content.businessName}`;
  const box = placement ?? { x: 0, y: 0, width: CARD_WIDTH, height: CARD_HEIGHT };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${design.background}"/>` +
    LAYOUTS[design.style](content, palette, idPrefix) +
    `</svg>`
  );
}
