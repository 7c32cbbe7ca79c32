import { z } from "zod";

import { optionalEmail, optionalText, optionalWebsite } from "./text";

export const CHOOSE_A_DESIGN = "Choose one of the designs";
export const INVALID_WEBSITE = "Enter a website address such as kiransweets.in or https://kiransweets.in";

/** 'My business card': the design and what the card adds to the profile it is filled from. */
export const businessCardSchema = z.object({
  designId: z.string({ required_error: CHOOSE_A_DESIGN }).uuid(CHOOSE_A_DESIGN),
  title: optionalText(60, "Title must be at most 60 characters"),
  tagline: optionalText(80, "Tagline must be at most 80 characters"),
  email: optionalEmail(),
  website: optionalWebsite(INVALID_WEBSITE),
  /** A checkbox: left unticked (not sent), the owner's own mobile stays off the card. */
  showMobile: z.boolean().default(false),
});

export type BusinessCardInput = z.output<typeof businessCardSchema>;
