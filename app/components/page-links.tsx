import { Link } from "@remix-run/react";

/** '← Previous', 'Page 2 of 5', 'Next →' under a list paged by ?page= links; nothing for a single page. */
export function PageLinks({ page, pageCount, pathTo }: { page: number; pageCount: number; pathTo: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const link = "tap font-medium text-brand-700 hover:underline";
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={pathTo(page - 1)} className={link}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pathTo(page + 1)} className={link}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
