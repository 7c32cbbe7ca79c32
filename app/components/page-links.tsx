import { Link } from "@remix-run/react";

/** '← Previous', 'Page 2 of 5', 'Next →' under a list paged by ?page= links; nothing for a single page. */
export function PageLinks({ page, pageCount, pathTo }: { page: number; pageCount: number; pathTo: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return <PageNav page={page} hasNextPage={page < pageCount} label={`Page ${page} of ${pageCount}`} pathTo={pathTo} />;
}

/** The same links under a list that does not count itself (a long history): 'Page 2', and 'Next →' while there is more. */
export function NextPrevious({ page, hasNextPage, pathTo }: { page: number; hasNextPage: boolean; pathTo: (page: number) => string }) {
  if (page <= 1 && !hasNextPage) return null;
  return <PageNav page={page} hasNextPage={hasNextPage} label={`Page ${page}`} pathTo={pathTo} />;
}

function PageNav({
  page,
  hasNextPage,
  label,
  pathTo,
}: {
  page: number;
  hasNextPage: boolean;
  label: string;
  pathTo: (page: number) => string;
}) {
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
      <span className="text-slate-600">{label}</span>
      {hasNextPage ? (
        <Link to={pathTo(page + 1)} className={link}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
