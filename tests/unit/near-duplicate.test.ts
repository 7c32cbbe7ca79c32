import { describe, expect, it } from "vitest";

import { NEAR_DUPLICATE_THRESHOLD, isNearDuplicate, normalizePostText, postText, textSimilarity } from "~/lib/near-duplicate";

const offer = "Weekend biryani: 20% off every family pack this Saturday and Sunday. Order on WhatsApp! #biryani";

describe("near-identical posts", () => {
  it("reads texts as people do: case, punctuation, emoji and spacing do not count", () => {
    expect(normalizePostText("  Fresh   JALEBI!!! 🍯 today… ")).toBe("fresh jalebi today");
    // Vowel signs are part of the word (Devanagari), not punctuation.
    expect(normalizePostText("आज ताज़ा जलेबी!")).toBe("आज ताज़ा जलेबी");
  });

  it.each([
    ["the same text", offer, offer],
    ["another case and punctuation", offer, offer.toUpperCase().replaceAll("!", ".")],
    ["emoji and spaces added", offer, `🔥🔥 ${offer.replaceAll(" ", "  ")} 🔥`],
    ["a changed price", offer, offer.replace("20%", "25%")],
    ["a word more", offer, offer.replace("every family pack", "every big family pack")],
    ["a number added, as a shop reposting its offer does", offer, `${offer} (2)`],
  ])("%s: nearly identical", (_name, a, b) => {
    expect(textSimilarity(a, b)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD);
    expect(isNearDuplicate(a, b)).toBe(true);
  });

  it.each([
    ["another offer from the same shop", offer, "Monsoon special: hot pakoras and masala chai, ₹99 for two, 4 to 7 pm. #chai"],
    ["the same words, half the text", offer, "Weekend biryani: 20% off every family pack."],
    ["a short text changed", "Open today", "Closed today"],
    ["another language", "आज ताज़ा जलेबी", "Fresh jalebi today"],
  ])("%s: not a duplicate", (_name, a, b) => {
    expect(textSimilarity(a, b)).toBeLessThan(NEAR_DUPLICATE_THRESHOLD);
    expect(isNearDuplicate(a, b)).toBe(false);
  });

  it("is symmetric and between 0 and 1", () => {
    const other = "Fresh stock of Alphonso mangoes from Ratnagiri, ₹600 a dozen.";
    expect(textSimilarity(offer, other)).toBe(textSimilarity(other, offer));
    expect(textSimilarity(offer, other)).toBeGreaterThanOrEqual(0);
    expect(textSimilarity(offer, other)).toBeLessThan(0.5);
    expect(textSimilarity("", "")).toBe(1);
    expect(textSimilarity("a", "b")).toBe(0);
  });

  it("compares an offer by its title and description", () => {
    expect(postText({ offerTitle: "20% off", content: "All sweets" })).toBe("20% off\nAll sweets");
    expect(postText({ offerTitle: null, content: "All sweets" })).toBe("All sweets");
  });
});
