import { describe, expect, it } from "vitest";

import { MAX_SHOWN_HASHTAGS, extractHashtags, hashtagsToShow, normalizeHashtags, postHashtags, splitHashtags } from "~/lib/hashtags";

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

  it("stores the field's tags first, then the text's, de-duplicated: a tag in the text is a hashtag", () => {
    expect(postHashtags(["Offer", "#food"], "Try our #FOOD and #thali")).toEqual(["offer", "food", "thali"]);
    expect(postHashtags([], "No tags here")).toEqual([]);
  });

  it("lists under the text only the tags the text does not show already: each tag once", () => {
    expect(hashtagsToShow(["offer", "food", "thali"], "Try our #FOOD and #thali")).toEqual(["offer"]);
    expect(hashtagsToShow(["food"], "Try our #Food")).toEqual([]);
  });

  it(`lists at most ${MAX_SHOWN_HASHTAGS} under the text`, () => {
    const stored = Array.from({ length: 14 }, (_, index) => `tag${index}`);
    const shown = hashtagsToShow(stored, "#tag0 and #tag1");
    expect(shown).toHaveLength(10);
    expect(shown[0]).toBe("tag2");
    expect(shown.at(-1)).toBe("tag11");
  });

  it("cuts a text into plain runs and its #tags, to draw the tags as links where they stand", () => {
    expect(splitHashtags("Fresh #Bakes today!\n#chai")).toEqual([
      { text: "Fresh " },
      { text: "#Bakes", tag: "bakes" },
      { text: " today!\n" },
      { text: "#chai", tag: "chai" },
    ]);
    expect(splitHashtags("Plain")).toEqual([{ text: "Plain" }]);
    expect(splitHashtags("")).toEqual([]);
  });
});
