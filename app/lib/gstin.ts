/**
 * India's GST identification number (GSTIN): 15 characters, the state's two-digit code, the
 * holder's PAN (5 letters, 4 digits, a letter), the registration's number in that state, 'Z',
 * then a check character computed over the first 14 (the GSTN's mod-36 scheme). Pure, so the
 * browser and the server check it the same way.
 */

/** GST state codes by the gazetteer's state names (the place search's); 25 and 26 were merged as 26 in 2020, 28 is pre-2014 Andhra Pradesh. */
export const GST_STATE_CODES: Record<string, readonly string[]> = {
  "Jammu and Kashmir": ["01"],
  "Himachal Pradesh": ["02"],
  Punjab: ["03"],
  Chandigarh: ["04"],
  Uttarakhand: ["05"],
  Haryana: ["06"],
  Delhi: ["07"],
  Rajasthan: ["08"],
  "Uttar Pradesh": ["09"],
  Bihar: ["10"],
  Sikkim: ["11"],
  "Arunachal Pradesh": ["12"],
  Nagaland: ["13"],
  Manipur: ["14"],
  Mizoram: ["15"],
  Tripura: ["16"],
  Meghalaya: ["17"],
  Assam: ["18"],
  "West Bengal": ["19"],
  Jharkhand: ["20"],
  Odisha: ["21"],
  Chhattisgarh: ["22"],
  "Madhya Pradesh": ["23"],
  Gujarat: ["24"],
  "Dadra and Nagar Haveli and Daman and Diu": ["26", "25"],
  Maharashtra: ["27"],
  Karnataka: ["29"],
  Goa: ["30"],
  Lakshadweep: ["31"],
  Kerala: ["32"],
  "Tamil Nadu": ["33"],
  Puducherry: ["34"],
  "Andaman and Nicobar Islands": ["35"],
  Telangana: ["36"],
  "Andhra Pradesh": ["37", "28"],
  Ladakh: ["38"],
};

export const GSTIN_MESSAGES = {
  format: "A GST number has 15 characters: 2 digits for the state, the 10-character PAN, then 3 more, e.g. 29ABCDE1234F1Z5",
  checkCharacter: "This GST number's last character does not match the rest: check it for a typing mistake",
  unknownState: "This GST number does not start with an Indian state's code",
  otherState: (state: string) =>
    `This GST number is registered in another state, not ${state}: it must start with ${GST_STATE_CODES[state]?.[0] ?? "your state's code"}`,
} as const;

const CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters: each value times 1 or 2 in turn, both base-36 digits of each product summed. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (const [index, character] of [...first14].entries()) {
    const product = CHARACTERS.indexOf(character) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36];
}

const stateOfCode = new Map(Object.entries(GST_STATE_CODES).flatMap(([state, codes]) => codes.map((code) => [code, state] as const)));

/** What is wrong with a GSTIN (already upper-cased, without spaces), for a business in `state` when known; null when it is right. */
export function gstinProblem(gstin: string, state: string | null): string | null {
  if (!SHAPE.test(gstin)) return GSTIN_MESSAGES.format;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.checkCharacter;
  const codeState = stateOfCode.get(gstin.slice(0, 2));
  if (!codeState) return GSTIN_MESSAGES.unknownState;
  if (state && GST_STATE_CODES[state] && codeState !== state) return GSTIN_MESSAGES.otherState(state);
  return null;
}
