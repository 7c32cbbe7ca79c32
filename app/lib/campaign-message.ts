/**
 * A campaign's messages: each recipient's text, made from the approved text (or free text), and what
 * the whole audience costs, counted from groups of names rather than from every contact. Pure: the
 * estimate and the dispatch job's writer use the same rendering.
 */
import { analyseSms, fillSlots, mostParts, OPT_OUT_LINE, type SmsAnalysis, type SmsEncoding } from "./sms-text";

export type MessageText = {
  /** The approved text with its {#var#} slots, or free text. */
  text: string;
  /** A DLT template's text (its slots are filled); false for free text. */
  isTemplate: boolean;
  category: "promotional" | "service" | "transactional";
};

/**
 * Makes each recipient's message from their name as a slot holds it: `shared` holds each slot's
 * value, the same for everyone (a fixed text, the business's name), or null where the contact's
 * name goes. Promotional free text ends with the opt-out line.
 */
export function messageRenderer(message: MessageText, shared: ReadonlyArray<string | null>): (name: string) => string {
  if (!message.isTemplate) {
    const body =
      message.category === "promotional" && !message.text.includes(OPT_OUT_LINE) ? `${message.text}\n${OPT_OUT_LINE}` : message.text;
    return () => body;
  }
  return (name) =>
    fillSlots(
      message.text,
      shared.map((value) => value ?? name),
    );
}

/**
 * Contacts whose names, as a slot holds them, take the same room in a message: as many
 * characters, GSM-7 units (null: the name needs UCS-2) and UTF-16 units; `example` is one of them.
 * The database groups an audience this way (contacts.sms_name_*), so a campaign of 100,000
 * contacts is costed from a few dozen groups.
 */
export type NameGroup = { characters: number; gsmUnits: number | null; utf16Units: number; contacts: number; example: string };

export type AudienceCost = {
  recipients: number;
  totalParts: number;
  /** The most parts any one message takes. */
  parts: number;
  /** UCS-2 when any message is. */
  encoding: SmsEncoding;
  /** The longest message (by the characters counted for parts), as its group's example gets it. */
  longest: SmsAnalysis & { body: string };
};

/**
 * What the messages to these groups take. Within a group every message has the same characters
 * and encoding; where the names hold no two-unit character (a GSM-7 escape, an emoji), the same
 * parts too. Where they do, the pair may fall on a part boundary in one name and not in another:
 * such a group counts the most parts its messages can take, so what is reserved is never short
 * (the dispatch job writes each message's exact cost, and settling gives back the difference).
 * Null for no groups.
 */
export function costByNameGroup(render: (name: string) => string, groups: readonly NameGroup[]): AudienceCost | null {
  let cost = null as AudienceCost | null;
  for (const group of groups) {
    const body = render(group.example);
    const analysis = analyseSms(body);
    const twoUnitNames =
      analysis.encoding === "GSM-7" ? (group.gsmUnits ?? group.characters) > group.characters : group.utf16Units > group.characters;
    // A message that does not hold the name is the same for everyone.
    const parts =
      twoUnitNames && body !== render("") ? Math.max(analysis.parts, mostParts(analysis.characters, analysis.encoding)) : analysis.parts;
    const longest: AudienceCost["longest"] = !cost || analysis.characters > cost.longest.characters ? { ...analysis, body } : cost.longest;
    cost = {
      recipients: (cost?.recipients ?? 0) + group.contacts,
      totalParts: (cost?.totalParts ?? 0) + parts * group.contacts,
      parts: Math.max(cost?.parts ?? 0, parts),
      encoding: cost?.encoding === "UCS-2" || analysis.encoding === "UCS-2" ? "UCS-2" : "GSM-7",
      longest,
    };
  }
  return cost;
}
