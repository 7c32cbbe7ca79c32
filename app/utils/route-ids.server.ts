import { createRequire } from "node:module";

import type { AgnosticRouteObject, matchRoutes as MatchRoutes } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

import { defineMemory } from "~/memory/memory.server";

// The CommonJS build Remix's server runtime loads, the one patches/ makes cache its ranked routes per tree.
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: typeof MatchRoutes };

type Route = AgnosticRouteObject & { id: string; children?: Route[] };

/** Bounded: addresses with ids in them never end. */
const remembered = defineMemory<string>({
  name: "route-ids",
  purpose: "the route that answers an address, the label of its request in the metrics and the log",
  max: 2_000,
});

/**
 * The Remix route id that answers a path, as a metric's label: a bounded set (the app's routes and
 * "unmatched"), never the path itself. Single fetch's `/x.data` is the route of `/x`. The server asks
 * it of each build it loads, through the build's entry (so this memory is the build's, listed with
 * its others).
 */
export function routeIds(routes: ServerBuild["routes"]): (pathname: string) => string {
  const tree = routeTree(routes);
  // What another tree answered does not stand.
  remembered.clear();
  return (pathname) =>
    remembered.remember(pathname, () => {
      const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
      return (matchRoutes(tree, page)?.at(-1)?.route as Route | undefined)?.id ?? "unmatched";
    });
}

/** The build's flat route list as the nested tree the router matches (as Remix's createRoutes makes it). */
function routeTree(routes: ServerBuild["routes"], parentId?: string): Route[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = routeTree(routes, route.id);
      return (
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children }
      ) as Route;
    });
}
