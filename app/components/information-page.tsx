import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { ButtonLink } from "~/components/ui/button";
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
  html,
  updatedAt,
  back = BACK_TO_FEED,
}: {
  title: string;
  html: string;
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
        <PageBody html={html} className="mt-6" />
      </main>
      <SiteFooter width="max-w-3xl" />
    </div>
  );
}

/**
 * A page's body: HTML the server rendered from the page's Markdown and sanitised
 * (lib/page-markdown.server.ts), so it is shown as it is.
 */
export function PageBody({ html, className = "" }: { html: string; className?: string }) {
  return <article className={`${PAGE_TEXT} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The look of a page's text, element by element (the HTML comes from Markdown, so it has no classes of its own). */
const PAGE_TEXT = [
  "space-y-4 leading-relaxed text-slate-700",
  "[&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900",
  "[&_h3]:pt-1 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:font-semibold [&_h4]:text-slate-900",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:space-y-1 [&_ul]:pl-6",
  "[&_a[href]]:font-medium [&_a[href]]:text-brand-700 [&_a[href]]:underline [&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3",
  "[&_hr]:border-slate-200",
].join(" ");

/** A page's title and its description (the first lines) for search results and link previews. */
export const pageMeta: MetaFunction<() => Promise<PageForReading>> = ({ data }) => [
  { title: data ? pageTitle(data.title) : "iSent" },
  ...(data ? [{ name: "description", content: data.description }] : []),
];
