import { z } from "zod";

import { noControlCharacters } from "./text";

export const PAGE_TITLE_MAX = 120;
export const PAGE_SUMMARY_MAX = 200;
export const PAGE_BODY_MAX = 50_000;

const title = noControlCharacters(
  z
    .string({ required_error: "Enter a title" })
    .trim()
    .min(1, "Enter a title")
    .max(PAGE_TITLE_MAX, `A title can be at most ${PAGE_TITLE_MAX} characters`),
);

const body = noControlCharacters(
  z
    .string({ required_error: "Write the page's text" })
    .trim()
    .min(1, "Write the page's text")
    .max(PAGE_BODY_MAX, `The text can be at most ${PAGE_BODY_MAX.toLocaleString("en-IN")} characters`),
  { multiLine: true },
);

const summary = noControlCharacters(
  z
    .string({ required_error: "Write a one-line summary for the list of articles" })
    .trim()
    .min(1, "Write a one-line summary for the list of articles")
    .max(PAGE_SUMMARY_MAX, `A summary can be at most ${PAGE_SUMMARY_MAX} characters`),
);

/** What the editor's two buttons do: show the text as the page will (nothing saved), or save it as a new version. */
const editIntent = z.enum(["preview", "save"], { errorMap: () => ({ message: "Choose Preview or Save" }) });

/** An information page (terms, privacy, about, contact): its title and its text in Markdown. */
export const informationPageSchema = z.object({ intent: editIntent, title, body });

/** A /learn article: also the one line the list of articles shows. */
export const learnArticleSchema = z.object({ intent: editIntent, title, summary, body });

export type PageEditIntent = z.infer<typeof editIntent>;
export type PageContent = { title: string; summary?: string; body: string };

/** The other buttons of the page screens: restore a version, move an article in the list, delete one (asked, then done). */
export const pageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restore"), versionId: z.string().trim().min(1, "Choose a version to restore") }),
  z.object({ intent: z.literal("move"), slug: z.string().trim().min(1), direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("confirm-delete") }),
]);
