import { Link } from "@remix-run/react";

import { ButtonLink } from "~/components/ui/button";
import { parsePageBody } from "~/lib/page-body";
import { formatLongDate } from "~/lib/relative-time";

import { SiteFooter } from "./site-footer";

export function InformationPage({ title, body, updatedAt }: { title: string; body: string; updatedAt: string }) {
  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-600">
            iSent
          </Link>
          <ButtonLink to="/" variant="secondary" size="sm">
            Back to Feed
          </ButtonLink>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-slate-500">Last updated {formatLongDate(updatedAt)}</p>
        <article className="mt-6 space-y-4 leading-relaxed text-slate-700">
          {parsePageBody(body).map((block, index) =>
            block.type === "heading" ? (
              <h2 key={index} className="pt-2 text-xl font-semibold text-slate-900">
                {block.text}
              </h2>
            ) : (
              <p key={index}>{block.text}</p>
            ),
          )}
        </article>
      </main>
      <SiteFooter width="max-w-3xl" />
    </div>
  );
}
