import { z } from "zod";

import { CARD_FONTS, CARD_STYLES, MIN_TEXT_CONTRAST } from "~/lib/card-design";
import { contrastRatio } from "~/lib/card-svg";
import { isUuid } from "~/lib/ids";

import { noControlCharacters } from "./text";

export const CARD_DESIGN_MESSAGES = {
  nameRequired: "Enter the design's name",
  nameTooLong: "A design's name can be at most 60 characters",
  chooseStyle: "Choose one of the layouts",
  chooseFont: "Choose one of the heading fonts",
  colour: "Enter a colour as # and six hex digits, e.g. #1D4ED8",
  sortOrder: "Enter a whole number from 0 to 9999",
  notFound: "Card design not found",
} as const;

/** 'A design named Classic Ivory already exists'. */
export const cardDesignNameTaken = (name: string) => `A design named ${name} already exists`;

/** The refusal of a text colour too close to its background, with both ratios. */
export const lowContrast = (ratio: number) =>
  `The text colour and the background are too alike to read: contrast ${ratio.toFixed(1)}:1, at least ${MIN_TEXT_CONTRAST}:1 is needed`;

const colour = z
  .string({ required_error: CARD_DESIGN_MESSAGES.colour, invalid_type_error: CARD_DESIGN_MESSAGES.colour })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, CARD_DESIGN_MESSAGES.colour)
  .transform((value) => value.toUpperCase());

/**
 * A card design as the admin's add and edit forms send it: a layout and heading font of the
 * renderer's, three #RRGGBB colours (they go into the card's SVG), and its place in the chooser.
 * Text on a background it cannot be read on is refused; the accent needs no check, as the renderer
 * draws accent text in the text colour when the accent is too light (app/lib/card-svg.ts).
 */
export const cardDesignSchema = z
  .object({
    name: z
      .string({ required_error: CARD_DESIGN_MESSAGES.nameRequired, invalid_type_error: CARD_DESIGN_MESSAGES.nameRequired })
      .trim()
      .min(1, CARD_DESIGN_MESSAGES.nameRequired)
      .pipe(noControlCharacters(z.string().max(60, CARD_DESIGN_MESSAGES.nameTooLong))),
    style: z.enum(CARD_STYLES, { errorMap: () => ({ message: CARD_DESIGN_MESSAGES.chooseStyle }) }),
    font: z.enum(CARD_FONTS, { errorMap: () => ({ message: CARD_DESIGN_MESSAGES.chooseFont }) }),
    background: colour,
    foreground: colour,
    accent: colour,
    sortOrder: z.coerce
      .number({ invalid_type_error: CARD_DESIGN_MESSAGES.sortOrder })
      .int(CARD_DESIGN_MESSAGES.sortOrder)
      .min(0, CARD_DESIGN_MESSAGES.sortOrder)
      .max(9999, CARD_DESIGN_MESSAGES.sortOrder)
      .default(0),
  })
  .superRefine((design, context) => {
    const ratio = contrastRatio(design.foreground, design.background);
    if (ratio < MIN_TEXT_CONTRAST) context.addIssue({ code: "custom", path: ["foreground"], message: lowContrast(ratio) });
  });

export type CardDesignInput = z.output<typeof cardDesignSchema>;

/** The two buttons of the design form: save it, or only draw it as it stands (no JavaScript needed for either). */
export const CARD_DESIGN_INTENTS = ["save", "preview"] as const;

/** The Enable and Disable buttons (the list's, with the design's id; the design page's, without). */
export const cardDesignActiveSchema = z.object({
  intent: z.enum(["enable", "disable"]),
  designId: z.string().refine(isUuid, CARD_DESIGN_MESSAGES.notFound).optional(),
});
