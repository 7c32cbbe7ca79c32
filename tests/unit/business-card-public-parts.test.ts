import { describe, expect, it } from "vitest";

import { publicCardParts, publicCardProfile, type CardProfile } from "~/lib/business-card";

import { CARD_PROFILE } from "../support/card-profile";

const PROFILE: CardProfile = { ...CARD_PROFILE, businessName: "Kiran Sweets", profileImageUrl: "/uploads/kiran.jpg" };

const said = (profile: CardProfile, fields: Parameters<typeof publicCardParts>[1]) => {
  const { shown, keptOff } = publicCardParts(profile, fields);
  return { shown: shown.map(({ label, value }) => `${label}: ${value}`), keptOff };
};

describe("what the card chooser says becomes public", () => {
  it("lists every part of the card, the personal mobile among them when it is on", () => {
    expect(
      said(PROFILE, { title: "Owner", tagline: "Fresh jalebi daily", email: "hello@kiransweets.in", website: "https://kiransweets.in/" }),
    ).toEqual({
      shown: [
        "Name: Kiran Rao",
        "Business: Kiran Sweets",
        "Title: Owner",
        "Tagline: Fresh jalebi daily",
        "Phone: +91 98123 45678, your personal mobile, with a 'Chat on WhatsApp' link",
        "Phone: +91 80234 56789, your business phone",
        "Email: hello@kiransweets.in",
        "Website: kiransweets.in",
        "Address: 12th Main, Indiranagar, Bengaluru, Karnataka 560038",
        "Photo: your profile photo",
      ],
      keptOff: [],
    });
  });

  it("says the personal mobile is kept off when it is unticked, and leaves off the lines not filled in", () => {
    expect(said({ ...PROFILE, profileImageUrl: null }, { showMobile: false })).toEqual({
      shown: [
        "Name: Kiran Rao",
        "Business: Kiran Sweets",
        "Phone: +91 80234 56789, your business phone",
        "Address: 12th Main, Indiranagar, Bengaluru, Karnataka 560038",
      ],
      keptOff: ["your personal mobile (+91 98123 45678)"],
    });
  });

  it("says plainly when the business phone is the same number, and when the card has no phone at all", () => {
    const sameNumber = { ...PROFILE, businessPhone: PROFILE.mobileNumber };
    expect(said(sameNumber, { showMobile: false }).shown).toContain(
      "Phone: +91 98123 45678, your business phone (the same number as your personal mobile)",
    );
    expect(said(sameNumber, { showMobile: false }).keptOff).toEqual([]);
    expect(said(sameNumber, {}).shown).toContain(
      "Phone: +91 98123 45678, your personal mobile (also your business phone), with a 'Chat on WhatsApp' link",
    );
    expect(said({ ...PROFILE, businessPhone: null }, { showMobile: false }).shown).toContain("Phone: none: the card has no phone number");
  });

  it("gives the public card no mobile when it is unticked; a card saved before the choice existed keeps it", () => {
    expect(publicCardProfile(PROFILE, { showMobile: false }).mobileNumber).toBeNull();
    expect(publicCardProfile(PROFILE, { showMobile: true }).mobileNumber).toBe("+919812345678");
    expect(publicCardProfile(PROFILE, { title: "Owner" }).mobileNumber).toBe("+919812345678");
  });
});
