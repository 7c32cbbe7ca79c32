import { Link } from "@remix-run/react";

import { INFORMATION_PAGES } from "~/lib/information-pages";

/** Links to the public information pages, at the foot of public pages. */
export function SiteFooter({ width = "max-w-2xl" }: { width?: "max-w-2xl" | "max-w-3xl" }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <nav aria-label="Information" className={`mx-auto flex ${width} flex-wrap gap-x-2 px-2 py-4 text-sm text-slate-600`}>
        {INFORMATION_PAGES.map((page) => (
          <Link key={page.path} to={page.path} className="tap px-2 hover:text-brand-600 hover:underline">
            {page.label}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
