/**
 * A business card as a vCard 3.0 (.vcf): the version both Android's and iOS's contacts apps
 * import. Pure, so the card page and its tests share it.
 */
export type VCardInput = {
  /** The person's name, e.g. 'Kiran Rao'. */
  name: string;
  businessName: string;
  /** The person's role in the business, e.g. 'Owner'. */
  title?: string | null;
  /** E.164 numbers. */
  mobileNumber?: string | null;
  businessPhone?: string | null;
  email?: string | null;
  address?: { street?: string | null; city?: string | null; state?: string | null; postalCode?: string | null; country?: string | null };
  url?: string | null;
  /** A JPEG, base64 (no data: prefix), shown as the contact's photo. */
  photoJpegBase64?: string | null;
};

/** RFC 6350 §3.4 text escaping (as 3.0 has it): backslash, comma, semicolon and line breaks. */
export function escapeVCardText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
export function foldVCardLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74; // A continuation line's leading space counts.
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The .vcf text: CRLF line endings, every value escaped, long lines folded. */
export function buildVCard(card: VCardInput): string {
  const [first, ...rest] = card.name.trim().split(/\s+/);
  const family = rest.join(" ");
  const address = card.address;
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:${escapeVCardText(family)};${escapeVCardText(first ?? "")};;;`,
    `FN:${escapeVCardText(card.name.trim() || card.businessName)}`,
    `ORG:${escapeVCardText(card.businessName)}`,
    card.title ? `TITLE:${escapeVCardText(card.title)}` : null,
    card.mobileNumber ? `TEL;TYPE=CELL,VOICE:${card.mobileNumber}` : null,
    card.businessPhone ? `TEL;TYPE=WORK,VOICE:${card.businessPhone}` : null,
    card.email ? `EMAIL;TYPE=INTERNET,WORK:${escapeVCardText(card.email)}` : null,
    address && Object.values(address).some(Boolean)
      ? `ADR;TYPE=WORK:;;${[address.street, address.city, address.state, address.postalCode, address.country].map((part) => escapeVCardText(part ?? "")).join(";")}`
      : null,
    card.url ? `URL:${card.url}` : null,
    card.photoJpegBase64 ? `PHOTO;ENCODING=b;TYPE=JPEG:${card.photoJpegBase64}` : null,
    "END:VCARD",
  ];
  return `${lines
    .filter((line): line is string => line !== null)
    .map(foldVCardLine)
    .join("\r\n")}\r\n`;
}
