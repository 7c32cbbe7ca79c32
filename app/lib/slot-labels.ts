import { SLOT } from "./sms-text";

/**
 * What each blank ({#var#}) of an approved SMS text is for, in a shopkeeper's words: the
 * template's own hint when it has one ('Order reference'), else a guess from the words right
 * around the blank ('Hi {#var#},' is a name, 'Rs {#var#}' an amount), else its place ('Blank 2').
 */

/** Words before a blank, and what they say the blank holds (the first that matches wins). */
const BEFORE: ReadonlyArray<[RegExp, string]> = [
  [/\b(hi|hello|hey|dear|namaste|greetings)[\s,]*$/i, "Customer's name"],
  [/(\brs\.?|\binr|₹)\s*$/i, "Amount"],
  [/\b(code|coupon)\s*:?\s*$/i, "Code"],
  [/\b(call|phone|whatsapp|mobile)(\s+us)?(\s+(on|at))?\s*:?\s*$/i, "Phone number"],
  [/(\border|\bref\.?|\breference|\bno\.|\bnumber|#)\s*:?\s*$/i, "Reference"],
  [/\b(on|date|till|until|before|by)\s*:?\s*$/i, "Date or day"],
  [/(\bfrom|\bteam|\bregards|\bthanks|-)\s*:?\s*$/i, "Business name"],
];

/** Words right after a blank, and what they say it holds. */
const AFTER: ReadonlyArray<[RegExp, string]> = [
  [/^\s*(%|percent\b)/i, "Discount"],
  [/^\s*off\b/i, "Discount"],
  [/^\s*(rupees|rs\b|\/-)/i, "Amount"],
];

/** The label of every blank of `approved`, in order. */
export function slotLabels(approved: string, hints: readonly string[]): string[] {
  const pieces = approved.split(SLOT);
  return pieces.slice(1).map((after, index) => {
    const hint = hints[index]?.trim();
    if (hint) return hint;
    const before = pieces[index];
    const guess = BEFORE.find(([words]) => words.test(before)) ?? AFTER.find(([words]) => words.test(after));
    return guess ? guess[1] : `Blank ${index + 1}`;
  });
}
