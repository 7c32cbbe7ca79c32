import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { ButtonLink } from "~/components/ui/button";
import { linkContactDetails, parsePageBody } from "~/lib/page-body";
import { formatLongDate } from "~/lib/india-time";
import { pageTitle } from "~/lib/title";
import type { PageForReading } from "~/models/pages.server";

import { SiteFooter } from "./site-footer";

/** Where the header's button leads: the feed for visitors, the dashboard for a signed-in business. */
export type PageBackLink = { to: string; label: string };

const BACK_TO_FEED: PageBackLink = { to: "/", label: "Back to Feed" };

/** A standalone page (terms, privacy, about, contact) with the site's header and footer. */
export function InformationPage({
  title,
  body,
  updatedAt,
  back = BACK_TO_FEED,
}: {
  title: string;
  body: string;
  updatedAt: string;
  back?: PageBackLink;
}) {
  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-1.5">
          <Link to="/" className="inline-flex min-h-11 items-center text-lg font-bold text-brand-600">
            iSent
          </Link>
          <ButtonLink to={back.to} variant="secondary" size="sm">
            {back.label}
          </ButtonLink>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-slate-500">Last updated {formatLongDate(updatedAt)}</p>
        <PageBody body={body} className="mt-6" />
      </main>
      <SiteFooter width="max-w-3xl" />
    </div>
  );
}

/** A page's body as text: headings, paragraphs and bulleted lists, never markup from the page. */
export function PageBody({ body, className = "" }: { body: string; className?: string }) {
  return (
    <article className={`space-y-4 leading-relaxed text-slate-700 ${className}`}>
      {parsePageBody(body).map((block, index) => {
        if (block.type === "heading") {
          return (
            <h2 key={index} className="pt-2 text-xl font-semibold text-slate-900">
              {block.text}
            </h2>
          );
        }
        if (block.type === "list") {
          return (
            <ul key={index} className="list-disc space-y-1 pl-6">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <LinkedText text={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index}>
            <LinkedText text={block.text} />
          </p>
        );
      })}
    </article>
  );
}

/** Text with its email addresses and phone numbers as links (mailto:, tel:). */
function LinkedText({ text }: { text: string }) {
  return linkContactDetails(text).map((run, index) =>
    run.mark ? (
      <a key={index} href={run.mark} className="font-medium text-brand-700 underline">
        {run.text}
      </a>
    ) : (
      run.text
    ),
  );
}

/** A page's title and its description (the first lines) for search results and link previews. */
export const pageMeta: MetaFunction<() => Promise<PageForReading>> = ({ data }) => [
  { title: data ? pageTitle(data.title) : "iSent" },
  ...(data ? [{ name: "description", content: data.description }] : []),
];
