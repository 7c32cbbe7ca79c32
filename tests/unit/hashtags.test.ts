import { describe, expect, it } from "vitest";

import { MAX_SHOWN_HASHTAGS, extractHashtags, hashtagsToShow, normalizeHashtags } from "~/lib/hashtags";

describe("hashtags (from the field and the content, lower-cased, de-duplicated, at most 10)", () => {
  it("finds #tags in text, lower-cased, in order, once each", () => {
    expect(extractHashtags("Fresh #Bakes today! #bengaluru #bakes, #ChaiTime.")).toEqual(["bakes", "bengaluru", "chaitime"]);
  });

  it("keeps letters of any script and digits, stops at punctuation", () => {
    expect(extractHashtags("#दिवाली2026 sale #50off!")).toEqual(["दिवाली2026", "50off"]);
  });

  it("normalizes a hashtags field: strips #, trims, drops empties", () => {
    expect(normalizeHashtags(["#Food", " food ", "", "##Deals"])).toEqual(["food", "deals"]);
  });

  it("shows the field's tags first, then the content's, de-duplicated", () => {
    expect(hashtagsToShow(["Offer", "#food"], "Try our #FOOD and #thali")).toEqual(["offer", "food", "thali"]);
  });

  it(`shows at most ${MAX_SHOWN_HASHTAGS}`, () => {
    const field = Array.from({ length: 8 }, (_, index) => `tag${index}`);
    const shown = hashtagsToShow(field, "#extra1 #extra2 #extra3 #extra4");
    expect(shown).toHaveLength(10);
    expect(shown.at(-1)).toBe("extra2");
  });
});
