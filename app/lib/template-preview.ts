import type { TemplateKind, TemplateOffer } from "~/db/schema/templates";

import { CALL_TO_ACTION_LABELS, type CallToActionType } from "./call-to-action";
import { MAX_SHOWN_HASHTAGS, normalizeHashtags } from "./hashtags";
import { addDays } from "./india-days";
import { formatDayMonth, indianDate } from "./india-time";
import { analyseSms, countSlots, fillSlots, malformedSlot, type SmsAnalysis } from "./sms-text";
import { fillTemplate, templateValues, type TemplateBusiness } from "./template-fill";

/**
 * A template as a business will get it: its text (and an offer's block) filled with the business's
 * details, as if used on `now`. The composer starts from this, and the admin's preview shows it for
 * a sample business, so both say the same.
 */
export type FilledTemplate = {
  content: string;
  offer: {
    title: string;
    couponCode: string | null;
    terms: string | null;
    /** Days in India, 'YYYY-MM-DD'. */
    validFrom: string;
    validUntil: string;
  } | null;
};

export type FillableTemplate = { kind: TemplateKind; content: string; offer: TemplateOffer | null };

export function fillTemplateFor(template: FillableTemplate, business: TemplateBusiness, now: Date): FilledTemplate {
  const values = templateValues(business);
  let offer: FilledTemplate["offer"] = null;
  if (template.kind === "offer" && template.offer) {
    const validFrom = indianDate(now);
    offer = {
      title: fillTemplate(template.offer.title, values),
      couponCode: template.offer.couponCode,
      terms: template.offer.terms ? fillTemplate(template.offer.terms, values) : null,
      validFrom,
      // validDays counts the first day: a 7-day offer used on Monday runs until Sunday.
      validUntil: addDays(validFrom, Math.max(1, template.offer.validDays) - 1),
    };
  }
  const contentValues = offer
    ? templateValues(business, { title: offer.title, couponCode: offer.couponCode, validUntil: offer.validUntil })
    : values;
  return { content: fillTemplate(template.content, contentValues), offer };
}

/** The business the admin's previews are filled with: every detail a template may name has a value. */
export const SAMPLE_BUSINESS: TemplateBusiness = {
  name: "Kiran Rao",
  businessName: "Kiran Sweets",
  businessPhone: "9845012345",
  mobileNumber: "9845012345",
  address: "12, 4th Cross, Jayanagar",
  city: "Bengaluru",
  state: "Karnataka",
};

/** The contact a sample SMS is addressed to. */
export const SAMPLE_CUSTOMER = "Priya";

/**
 * What a sample SMS puts in a slot, from its hint: the customer's or the business's name, the
 * example a hint gives ('Discount (e.g. 25%)' → '25%'), else the hint itself in brackets.
 */
export function sampleSlotValue(hint: string | undefined, index: number, business: TemplateBusiness = SAMPLE_BUSINESS): string {
  const label = (hint ?? "").trim();
  if (/customer|contact/i.test(label)) return SAMPLE_CUSTOMER;
  if (/business|shop|store/i.test(label)) return business.businessName ?? "";
  const example = /\(e\.g\.?\s*([^)]+)\)/i.exec(label)?.[1]?.trim();
  if (example) return example;
  return `[${label || `Slot ${index + 1}`}]`;
}

export type SmsSample = { text: string; slots: number; analysis: SmsAnalysis };

/** An approved text with its slots filled as a sample, and what it costs to carry (characters, parts). */
export function sampleSms(approved: string, slotHints: readonly string[], business: TemplateBusiness = SAMPLE_BUSINESS): SmsSample {
  const slots = countSlots(approved);
  const values = Array.from({ length: slots }, (_, index) => sampleSlotValue(slotHints[index], index, business));
  const text = fillSlots(approved, values);
  return { text, slots, analysis: analyseSms(text) };
}

/** The preview beside the admin's template form: a post or offer as a business's post shows it, or a sample SMS. */
export type TemplateFormPreview =
  | {
      kind: "post" | "offer";
      businessName: string;
      place: string;
      content: string;
      hashtags: string[];
      imageUrl: string | null;
      offer: (NonNullable<FilledTemplate["offer"]> & { validUntilLabel: string; callToAction: string | null }) | null;
    }
  | { kind: "sms"; text: string; slots: number; characters: number; parts: number; unicode: boolean; problem: string | null };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The preview of a template form's values as typed, valid or not (the form's messages say what is
 * wrong): pure and quick, so the browser redraws it on every keystroke and the server draws it for
 * the 'Preview' button without JavaScript.
 */
export function previewTemplateForm(values: Record<string, unknown>, now: Date = new Date()): TemplateFormPreview {
  const kind = text(values.kind);
  const content = text(values.content).trim();
  if (kind === "sms") {
    const hints = text(values.slotHints)
      .split(/\r?\n/)
      .map((hint) => hint.trim())
      .filter(Boolean);
    const sample = sampleSms(content, hints);
    const slot = malformedSlot(content);
    return {
      kind: "sms",
      text: sample.text,
      slots: sample.slots,
      characters: sample.analysis.characters,
      parts: sample.analysis.parts,
      unicode: sample.analysis.encoding === "UCS-2",
      problem: slot ? `"${slot}" is not a slot: write {#var#}` : null,
    };
  }
  const validDays = Number.parseInt(text(values.validDays), 10);
  const offer: TemplateOffer | null =
    kind === "offer"
      ? {
          title: text(values.offerTitle).trim(),
          couponCode: text(values.couponCode).trim() || null,
          terms: text(values.terms).trim() || null,
          validDays: Number.isFinite(validDays) && validDays > 0 ? Math.min(validDays, 365) : 1,
          callToAction: null,
        }
      : null;
  const filled = fillTemplateFor({ kind: kind === "offer" ? "offer" : "post", content, offer }, SAMPLE_BUSINESS, now);
  const callToAction = text(values.callToAction) as CallToActionType;
  const imageUrl = text(values.imageUrl).trim();
  return {
    kind: kind === "offer" ? "offer" : "post",
    businessName: SAMPLE_BUSINESS.businessName ?? "",
    place: [SAMPLE_BUSINESS.city, SAMPLE_BUSINESS.state].filter(Boolean).join(", "),
    content: filled.content,
    hashtags: normalizeHashtags(text(values.hashtags).split(/[\s,]+/)).slice(0, MAX_SHOWN_HASHTAGS),
    // Only an image of the product's own is drawn (the page's policy would block any other).
    imageUrl: /^\/[^/\\]/.test(imageUrl) ? imageUrl : null,
    offer: filled.offer
      ? {
          ...filled.offer,
          validUntilLabel: formatDayMonth(filled.offer.validUntil),
          callToAction: Object.hasOwn(CALL_TO_ACTION_LABELS, callToAction) ? CALL_TO_ACTION_LABELS[callToAction] : null,
        }
      : null,
  };
}
