/**
 * Fitting text into a business card's boxes without a font at hand: the card is SVG, which does
 * not wrap, and it is drawn both by the server (with the product's fonts) and by a phone's browser
 * (with its own). So widths are estimated a little generously from the characters' classes, and a
 * line is shrunk, wrapped, then cut with '…' to stay inside its box.
 */

/** Rough advance widths in em, a little above the widest of the fonts that may draw them. */
function advance(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  if (code >= 0x0900 && code <= 0x097f) {
    // Devanagari: most vowel signs and the virama sit on their consonant and take no room of their own.
    if ((code >= 0x0900 && code <= 0x0902) || (code >= 0x0941 && code <= 0x0948) || code === 0x094d || code === 0x093c) return 0;
    if (code === 0x093e || code === 0x093f || code === 0x0940 || (code >= 0x0949 && code <= 0x094c) || code === 0x0903) return 0.3;
    return 0.66;
  }
  if (character === " ") return 0.28;
  if (/[iIl.,:;'|!j()[\]]/.test(character)) return 0.3;
  if (/[mwMW@%&]/.test(character)) return 0.92;
  if (/[A-Z]/.test(character)) return 0.7;
  if (/[a-z]/.test(character)) return 0.58;
  if (/[0-9]/.test(character)) return 0.6;
  if (/[\u0300-\u036f\u200b-\u200d]/.test(character)) return 0;
  return 0.7;
}

export type TextStyle = { size: number; weight?: "normal" | "bold"; letterSpacing?: number; family?: "sans" | "serif" | "display" };

const FAMILY_FACTOR = { sans: 1, serif: 1.05, display: 1.12 } as const;

/** The estimated width of one line at a style, in the card's units. */
export function textWidth(text: string, style: TextStyle): number {
  let ems = 0;
  let characters = 0;
  for (const character of text) {
    ems += advance(character);
    characters += 1;
  }
  const factor = FAMILY_FACTOR[style.family ?? "sans"] * (style.weight === "bold" ? 1.07 : 1);
  return ems * style.size * factor + characters * (style.letterSpacing ?? 0);
}

const graphemes = (text: string) => Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text), (part) => part.segment);

/** The text cut (by whole letters, so no vowel sign is left without its consonant) to fit `maxWidth` with '…'. */
export function ellipsize(text: string, maxWidth: number, style: TextStyle): string {
  if (textWidth(text, style) <= maxWidth) return text;
  const parts = graphemes(text);
  while (parts.length > 0 && textWidth(`${parts.join("").trimEnd()}…`, style) > maxWidth) parts.pop();
  return parts.length ? `${parts.join("").trimEnd()}…` : "";
}

/** Words laid into lines no wider than `maxWidth`; a word longer than a line is broken between letters. */
export function wrapText(text: string, maxWidth: number, style: TextStyle): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, style) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const letter of graphemes(word)) {
      if (line && textWidth(line + letter, style) > maxWidth) {
        lines.push(line);
        line = "";
      }
      line += letter;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export type FittedText = { lines: string[]; size: number };

/**
 * A text in at most `maxLines` lines of `maxWidth`: on one line at up to a fifth smaller if that
 * is enough, else wrapped at the largest size that fits down to `minSize`, and at worst wrapped at
 * `minSize` with the last line cut.
 */
export function fitText(text: string, box: { maxWidth: number; maxLines: number; minSize: number }, style: TextStyle): FittedText {
  const flat = text.replace(/\s+/g, " ").trim();
  const at = (size: number) => ({ ...style, size });
  for (let size = style.size; size >= Math.max(box.minSize, style.size * 0.8); size -= 2) {
    if (textWidth(flat, at(size)) <= box.maxWidth) return { lines: [flat], size };
  }
  for (let size = style.size; size >= box.minSize; size -= 2) {
    const lines = wrapText(flat, box.maxWidth, at(size));
    if (lines.length <= box.maxLines) return { lines, size };
  }
  const lines = wrapText(flat, box.maxWidth, at(box.minSize));
  const kept = lines.slice(0, box.maxLines);
  if (lines.length > box.maxLines) {
    const last = kept.length - 1;
    kept[last] = ellipsize(`${kept[last]} ${lines[box.maxLines]}`, box.maxWidth, at(box.minSize));
  }
  return { lines: kept, size: box.minSize };
}
