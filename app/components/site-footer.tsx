import { Link } from "@remix-run/react";

import { INFORMATION_PAGES } from "~/lib/information-pages";

/** Links to the public information pages, at the foot of public pages. */
export function SiteFooter({ width = "max-w-2xl" }: { width?: "max-w-2xl" | "max-w-3xl" }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <nav aria-label="Information" className={`mx-auto flex ${width} flex-wrap gap-4 px-4 py-6 text-sm text-slate-600`}>
        {INFORMATION_PAGES.map((page) => (
          <Link key={page.path} to={page.path} className="hover:text-brand-600 hover:underline">
            {page.label}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
