import { SegmentedMessage } from "sms-segments-calculator";
import { describe, expect, it } from "vitest";

import {
  analyseSms,
  countSlots,
  fillSlots,
  matchesApprovedText,
  MAX_PARTS,
  OPT_OUT_LINE,
  SLOT,
  mostParts,
  slotTextProblem,
  slotValueProblem,
  slotValues,
} from "~/lib/sms-text";

/** Twilio's reference calculator: encoding and parts (it keeps whole graphemes together, we keep surrogate pairs). */
function reference(text: string) {
  const message = new SegmentedMessage(text);
  return { encoding: message.encodingName, parts: message.segmentsCount };
}

const BOUNDARIES = [1, 69, 70, 71, 134, 135, 136, 153, 159, 160, 161, 201, 305, 306, 307, 459, 460, 461, 1530];

const SAMPLES = [
  "Diwali sale at Asha's Kitchen! Flat 20% off till 7 Dec. Reply STOP to opt out.",
  "दिवाली की शुभकामनाएं! आशा किचन में 20% छूट।",
  "Hello 😀 from Pune",
  "Use code “DIWALI20” today",
  "Price: 100€ {combo} [veg] ~ spicy | ^ \\ ok",
  "Ünïcödé? No: Ä Ö Ñ Ü ä ö ñ ü à è é ù ì ò Ç Ø ø Å å Æ æ ß É ΔΦΓΛΩΠΨΣΘΞ £ $ ¥ § ¿ ¡ ¤",
  "Line one\nLine two\r\nLine three",
  "Form\ffeed",
  "çédille makes it UCS-2",
  "Tab\tis not GSM",
  "",
];

describe("analyseSms", () => {
  it("agrees with the reference calculator over English, Hindi, emoji, curly quotes and extension characters", () => {
    const texts = [...SAMPLES];
    for (const n of BOUNDARIES) {
      texts.push("a".repeat(n)); // GSM-7
      texts.push("क".repeat(n)); // UCS-2, one code unit each
      texts.push("{".repeat(n)); // extension: 2 septets each
      texts.push("x".repeat(Math.max(0, n - 1)) + "€"); // an escape pair right at the edge
      texts.push("😀".repeat(Math.ceil(n / 2))); // surrogate pairs
      texts.push("a".repeat(Math.max(0, n - 1)) + "😀"); // a pair across the 67/70 edge
      texts.push("b".repeat(Math.max(0, n - 1)) + "’"); // a curly quote makes everything UCS-2
    }
    // Mixed strings from a seeded generator over the sets that matter.
    const alphabet = ["a", "Z", "7", " ", ".", "\n", "€", "{", "|", "^", "é", "Δ", "क", "ा", "😀", "“", "₹"];
    let seed = 21;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 300; i++) {
      const length = Math.floor(random() * 400);
      let text = "";
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)];
      // Keep to graphemes of one code point, where the two ways of splitting agree.
      texts.push(text.replace(/ा/g, "x"));
    }
    for (const text of texts) {
      const ours = analyseSms(text);
      const theirs = reference(text);
      expect({ text, encoding: ours.encoding }).toEqual({ text, encoding: theirs.encoding });
      // The calculator calls an empty message one segment; nothing is sent for it.
      expect({ text, parts: ours.parts }).toEqual({ text, parts: text === "" ? 0 : theirs.parts });
    }
  });

  it("counts GSM-7 as 160 in one part and 153 per part beyond", () => {
    expect(analyseSms("a".repeat(160))).toMatchObject({ characters: 160, encoding: "GSM-7", parts: 1 });
    expect(analyseSms("a".repeat(161))).toMatchObject({ characters: 161, parts: 2 });
    expect(analyseSms("a".repeat(306))).toMatchObject({ parts: 2 });
    expect(analyseSms("a".repeat(307))).toMatchObject({ parts: 3 });
  });

  it("counts extension characters twice and never splits their escape pair", () => {
    expect(analyseSms("€".repeat(80))).toMatchObject({ characters: 160, encoding: "GSM-7", parts: 1 });
    expect(analyseSms("€".repeat(81))).toMatchObject({ characters: 162, parts: 2 });
    // 152 septets then an escape pair: it cannot fit in the first part's 153, so the second holds it.
    expect(analyseSms("a".repeat(152) + "€" + "a".repeat(152)).parts).toBe(3);
    expect(analyseSms("a".repeat(151) + "€" + "a".repeat(153)).parts).toBe(2);
  });

  it("switches to UCS-2 for one Hindi letter, an emoji or a curly quote, and names it", () => {
    expect(analyseSms("Sale today at 5 pm — come early")).toMatchObject({
      encoding: "UCS-2",
      unicodeCause: { char: "—", index: 19 },
    });
    expect(analyseSms("Hi 😀")).toMatchObject({ characters: 5, encoding: "UCS-2", parts: 1, unicodeCause: { char: "😀", index: 3 } });
    expect(analyseSms("नमस्ते")).toMatchObject({ characters: 6, encoding: "UCS-2", unicodeCause: { char: "न", index: 0 } });
    expect(analyseSms("It’s here").unicodeCause).toEqual({ char: "’", index: 2 });
    expect(analyseSms("Plain text").unicodeCause).toBeNull();
  });

  it("counts UCS-2 as 70 in one part and 67 per part, a surrogate pair never split", () => {
    expect(analyseSms("क".repeat(70)).parts).toBe(1);
    expect(analyseSms("क".repeat(71)).parts).toBe(2);
    expect(analyseSms("क".repeat(134)).parts).toBe(2);
    expect(analyseSms("क".repeat(135)).parts).toBe(3);
    // 66 units then a pair: the pair goes whole into the second part.
    expect(analyseSms("क".repeat(66) + "😀" + "क".repeat(66))).toMatchObject({ characters: 134, parts: 3 });
    expect(analyseSms("क".repeat(65) + "😀" + "क".repeat(67))).toMatchObject({ characters: 134, parts: 2 });
  });

  it("bounds the parts a text of so many characters can take, wherever its two-unit characters fall", () => {
    expect(mostParts(0, "GSM-7")).toBe(0);
    expect(mostParts(160, "GSM-7")).toBe(1);
    expect(mostParts(70, "UCS-2")).toBe(1);
    // Every placement of one escape pair in 306 septets: never more parts than the bound.
    for (let at = 0; at < 305; at++) {
      const text = `${"a".repeat(at)}€${"a".repeat(304 - at)}`;
      const { characters, parts } = analyseSms(text);
      expect(characters).toBe(306);
      expect(parts).toBeLessThanOrEqual(mostParts(306, "GSM-7"));
    }
    for (let at = 0; at < 133; at++) {
      const text = `${"क".repeat(at)}😀${"क".repeat(132 - at)}`;
      expect(analyseSms(text).parts).toBeLessThanOrEqual(mostParts(134, "UCS-2"));
    }
  });

  it("says an empty text has no parts", () => {
    expect(analyseSms("")).toEqual({ characters: 0, encoding: "GSM-7", parts: 0, unicodeCause: null });
  });
});

describe("DLT slots", () => {
  const approved = `Dear ${SLOT}, ${SLOT} has a new offer for you. ${OPT_OUT_LINE}`;

  it("counts and fills the slots in order", () => {
    expect(countSlots(approved)).toBe(2);
    expect(countSlots("No slots here")).toBe(0);
    expect(fillSlots(approved, ["Ravi", "Asha's Kitchen"])).toBe(
      "Dear Ravi, Asha's Kitchen has a new offer for you. Reply STOP to opt out.",
    );
    // A value that looks like a slot or a replacement pattern goes in as it is.
    expect(fillSlots(`A ${SLOT} B`, ["$& {#var#}"])).toBe("A $& {#var#} B");
  });

  it("refuses an empty slot, a line break and more than 30 characters", () => {
    expect(slotValueProblem("Ravi")).toBeNull();
    expect(slotValueProblem("x".repeat(30))).toBeNull();
    expect(slotValueProblem("क".repeat(30))).toBeNull();
    expect(slotValueProblem("")).toBe("Fill in this slot");
    expect(slotValueProblem("   ")).toBe("Fill in this slot");
    expect(slotValueProblem("two\nlines")).toBe("A slot cannot hold a line break");
    expect(slotValueProblem("x".repeat(31))).toBe("A slot holds at most 30 characters");
    // 60,000 characters are judged from their first few dozen.
    expect(slotValueProblem("x".repeat(60_000))).toBe("A slot holds at most 30 characters");
    expect(slotValueProblem("😀".repeat(30))).toBeNull();
    expect(slotValueProblem("😀".repeat(31))).toBe("A slot holds at most 30 characters");
  });

  it("refuses what nobody sees but a phone acts on, and keeps the joiners Hindi and emoji need", () => {
    for (const hidden of [
      "20%\u0000 off",
      "Ring\u0007",
      "\u202effo %02",
      "20%\u200b off",
      "a\u2060b",
      "\ufeffOffer",
      "soft\u00adhyphen",
      "a\u200db",
    ]) {
      expect(slotTextProblem(hidden), JSON.stringify(hidden)).toBe("Remove the invisible characters from this slot");
    }
    for (const line of ["a\u2028b", "a\u0085b", "a\rb"]) expect(slotTextProblem(line)).toBe("A slot cannot hold a line break");
    // क्‍ष (a half form by the zero-width joiner), a family emoji, a flag's variation: as typed.
    for (const shown of ["क्\u200dष", "\u{1f468}\u200d\u{1f469}\u200d\u{1f467}", "\u2764\ufe0f\u200d\u{1f525}", "20% off"]) {
      expect(slotTextProblem(shown), JSON.stringify(shown)).toBeNull();
    }
    expect(slotTextProblem("")).toBeNull();
  });

  it("matches a text to the approved text apart from its slots", () => {
    expect(matchesApprovedText(fillSlots(approved, ["Ravi", "Asha's Kitchen"]), approved)).toBe(true);
    expect(matchesApprovedText(fillSlots(approved, ["x".repeat(30), "y"]), approved)).toBe(true);
    expect(matchesApprovedText(fillSlots(approved, ["x".repeat(31), "y"]), approved)).toBe(false);
    expect(matchesApprovedText(fillSlots(approved, ["Ravi\nKumar", "y"]), approved)).toBe(false);
    expect(matchesApprovedText("Dear Ravi, Asha has a NEW offer for you. Reply STOP to opt out.", approved)).toBe(false);
    expect(matchesApprovedText(fillSlots(approved, ["Ravi", "Asha"]) + " Extra", approved)).toBe(false);
    // The approved text's own punctuation is literal, not a pattern.
    expect(matchesApprovedText("Price (incl. tax) 100", "Price (incl. tax) {#var#}")).toBe(true);
    expect(matchesApprovedText("Price Xincl. tax) 100", "Price (incl. tax) {#var#}")).toBe(false);
  });

  it("caps a message at 10 parts", () => {
    expect(MAX_PARTS).toBe(10);
    expect(analyseSms("a".repeat(153 * MAX_PARTS)).parts).toBe(MAX_PARTS);
    expect(analyseSms("a".repeat(153 * MAX_PARTS + 1)).parts).toBe(MAX_PARTS + 1);
  });
});

describe("slotValues", () => {
  it("reads back what filled each slot of the approved text, or null when the text is not of it", () => {
    const approved = "Hi {#var#}, sale at {#var#}! Reply STOP to opt out.";
    expect(slotValues("Hi Asha, sale at Rao Sweets! Reply STOP to opt out.", approved)).toEqual(["Asha", "Rao Sweets"]);
    expect(slotValues("Hi Asha, sale at Rao Sweets!", approved)).toBeNull();
    expect(slotValues("No slots here.", "No slots here.")).toEqual([]);
  });
});
