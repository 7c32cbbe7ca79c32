import { z } from "zod";

import { optionalEmail, optionalText } from "./text";

export const CHOOSE_A_DESIGN = "Choose one of the designs";
export const INVALID_WEBSITE = "Enter a website address such as kiransweets.in or https://kiransweets.in";

/**
 * A website as people type it ('kiransweets.in', 'https://kiransweets.in/menu'): stored as an
 * http(s) URL, https when no scheme is given. Anything else (javascript:, a bare word, a user and
 * password in the address) is refused, as the card links to it.
 */
const website = optionalText(200, "Website must be at most 200 characters").transform((value, context) => {
  if (value === null) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    url = new URL("invalid:");
  }
  const valid =
    (url.protocol === "https:" || url.protocol === "http:") && /\.[a-z]{2,}$/i.test(url.hostname) && !url.username && !url.password;
  if (!valid) {
    context.addIssue({ code: z.ZodIssueCode.custom, message: INVALID_WEBSITE });
    return z.NEVER;
  }
  return url.href;
});

/** 'My business card': the design and what the card adds to the profile it is filled from. */
export const businessCardSchema = z.object({
  designId: z.string({ required_error: CHOOSE_A_DESIGN }).uuid(CHOOSE_A_DESIGN),
  title: optionalText(60, "Title must be at most 60 characters"),
  tagline: optionalText(80, "Tagline must be at most 80 characters"),
  email: optionalEmail(),
  website,
});

export type BusinessCardInput = z.output<typeof businessCardSchema>;
