/**
 * The address a draft is kept for and found by: the path and query, without what only routing adds.
 * A module of its own: root compares it on every page, where the rest of kept-draft.ts is not needed.
 */
export function draftPath(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const routing of ["index", "_data", "_routes"]) params.delete(routing);
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
