import { describe, expect, it } from "vitest";

import { refusalReason, refusalToast } from "~/lib/refusal";

describe("a refused form's toast", () => {
  it("says the form's own reason first, else the first field's, and how much more there is to fix", () => {
    expect(
      refusalReason({
        content: ["Write something"],
        "": ["This post costs 5 credits and your balance is 2: you need 3 more credits to publish it."],
      }),
    ).toBe("This post costs 5 credits and your balance is 2: you need 3 more credits to publish it. (and 1 more thing to fix)");
    expect(refusalReason({ name: ["Name is required"], mobileNumber: ["Enter a mobile"], email: null })).toBe(
      "Name is required (and 1 more thing to fix)",
    );
    expect(refusalReason({ a: ["One"], b: ["Two"], c: ["Three"] })).toBe("One (and 2 more things to fix)");
    expect(refusalReason({ mobileNumber: ["A contact with this mobile number already exists"] })).toBe(
      "A contact with this mobile number already exists",
    );
    expect(refusalReason({}, undefined)).toBeUndefined();
  });

  it("is an error toast whose description is the reason", () => {
    const toast = refusalToast("Post not published", {
      error: { "": ["Set your business location before publishing: your posts reach people near it."] },
    });
    expect(toast).toMatchObject({
      type: "error",
      title: "Post not published",
      description: "Set your business location before publishing: your posts reach people near it.",
    });
  });
});
