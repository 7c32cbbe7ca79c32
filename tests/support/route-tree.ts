import path from "node:path";

import { readConfig } from "@remix-run/dev/dist/config.js";
import type { ActionFunction, LoaderFunction } from "@remix-run/node";

/** One route of the app as Remix builds it from remix.config.js: no build needed. */
export type TreeRoute = {
  id: string;
  /** Its module, relative to app/. */
  file: string;
  parentId: string | null;
  /** The URL pattern it answers, its parents' paths included ("/api/posts/:id/like"); null for a pathless layout. */
  url: string | null;
  index: boolean;
};

const REPOSITORY = path.resolve(__dirname, "../..");

/**
 * Every route, read the way `remix build` and `npx remix routes` read it (readConfig runs
 * remix.config.js's routes(): remix-flat-routes plus the routes written by hand), in the config's order.
 */
export async function readRouteTree(): Promise<TreeRoute[]> {
  const { routes } = await readConfig(REPOSITORY);
  const byId = new Map(Object.values(routes).map((route) => [route.id, route]));
  function segments(id: string | undefined): string[] {
    const route = id ? byId.get(id) : undefined;
    if (!route) return [];
    return [...segments(route.parentId), ...(route.path ? route.path.split("/").filter(Boolean) : [])];
  }
  return Object.values(routes).map((route) => ({
    id: route.id,
    file: route.file,
    parentId: route.parentId ?? null,
    url: route.path === undefined && !route.index && route.id !== "root" ? null : `/${segments(route.id).join("/")}`,
    index: Boolean(route.index),
  }));
}

/** The ids of a route's parents, nearest first. */
export function ancestorsOf(tree: TreeRoute[], route: TreeRoute): string[] {
  const parent = tree.find((candidate) => candidate.id === route.parentId);
  return parent ? [parent.id, ...ancestorsOf(tree, parent)] : [];
}

/** A concrete URL for a route's pattern and the params Remix would give it: every `:param` and `*` is `value`. */
export function fillUrl(pattern: string, value: string): { pathname: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const pathname = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") {
        params["*"] = value;
        return value;
      }
      if (segment.startsWith(":")) {
        params[segment.slice(1).replace(/\?$/, "")] = value;
        return value;
      }
      return segment;
    })
    .join("/");
  return { pathname, params };
}

export type RouteModule = { loader?: LoaderFunction; action?: ActionFunction };

const routeModules = import.meta.glob<RouteModule>(["../../app/routes/**/*.{ts,tsx}", "!**/*.server.*", "!**/*.client.*"]);

/** A route's module, loaded as Remix loads it. */
export function loadRouteModule(route: TreeRoute): Promise<RouteModule> {
  const load = routeModules[`../../app/${route.file}`];
  if (!load) throw new Error(`No module app/${route.file} for route ${route.id}`);
  return load();
}
