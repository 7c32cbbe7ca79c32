import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { readConfig } from "@remix-run/dev/dist/config.js";
import type * as Router from "@remix-run/router";
import type { AgnosticRouteObject, matchRoutes as MatchRoutes } from "@remix-run/router";
// The browser's build of the same version, which patches/ leaves as it is: the reference.
import * as browserBuild from "@remix-run/router/dist/router.js";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { fillUrl } from "../support/route-tree";

// What the server runs: Remix's server runtime requires the package's CommonJS build, the one patched.
const require = createRequire(import.meta.url);
const serverBuildFile = require.resolve("@remix-run/router");
const { matchRoutes } = require("@remix-run/router") as { matchRoutes: typeof MatchRoutes };
const { matchRoutes: unpatchedMatchRoutes } = browserBuild as unknown as typeof Router;

type Route = AgnosticRouteObject & { id: string; children?: Route[] };

/** The app's route tree as Remix's server builds it from remix.config.js (createRoutes). */
async function appRoutes(): Promise<Route[]> {
  const { routes } = await readConfig(path.resolve(__dirname, "../.."));
  const childrenOf = (parentId: string | undefined): Route[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => ({
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        children: route.index ? undefined : childrenOf(route.id),
      })) as Route[];
  return childrenOf(undefined);
}

function patterns(routes: Route[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent || "/";
    return [own, ...patterns(route.children ?? [], own)];
  });
}

/** Every route's URL filled in a few ways, and the shapes a path can take that a match must get right. */
function pathsToTry(routes: Route[]): string[] {
  const filled = [...new Set(patterns(routes))].flatMap((pattern) => [
    fillUrl(pattern, "x1").pathname,
    fillUrl(pattern, "Ab%20C%2Fd").pathname,
    fillUrl(pattern, "एक").pathname,
  ]);
  const variants = filled.flatMap((pathname) => [
    pathname,
    pathname.toUpperCase(),
    `${pathname}/`,
    `/${pathname}`,
    pathname.replace(/\/([^/]+)$/, "//$1"),
    `${pathname}/extra`,
    `${pathname}.data`,
    pathname.replace(/a/g, "%61"),
    pathname.replace(/i/g, "İ"),
  ]);
  return [...new Set([...variants, "/", "", "//", "/_root.data", "/nope", "/api/nope/deeper", "/%E0%A4", "/API/HEALTH", "/api%2Fhealth"])];
}

const summary = (matches: ReturnType<typeof MatchRoutes>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: (route as Route).id, params, pathname, pathnameBase })) ?? null;

describe("route matching on the server (patches/@remix-run+router)", () => {
  // Both routers warn about a malformed path and a "docs*" pattern, as they should; the test needs no output.
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  it("is patched where Remix's server runtime loads it", () => {
    expect(readFileSync(serverBuildFile, "utf8")).toContain("function flattenAndRankRoutes(routes)");
  });

  it("matches every path the app's routes can be asked for exactly as the unpatched router does, first call and later", async () => {
    const routes = await appRoutes();
    const paths = pathsToTry(routes);
    expect(paths.length).toBeGreaterThan(1000);
    for (const pathname of paths) {
      const expected = summary(unpatchedMatchRoutes(routes, pathname));
      expect(summary(matchRoutes(routes, pathname)), pathname).toEqual(expected);
      expect(summary(matchRoutes(routes, pathname)), `${pathname} (again)`).toEqual(expected);
    }
  });

  it("matches a route tree of case-sensitive, optional and splat segments as the unpatched router does", () => {
    const routes: Route[] = [
      {
        id: "root",
        path: "",
        children: [
          { id: "exact", path: "Exact/Case", caseSensitive: true },
          { id: "optional", path: "lang?/about" },
          { id: "param-first", path: ":city/offers" },
          { id: "files", path: "files/*" },
          { id: "glued", path: "docs*" },
          { id: "dots", path: "sitemap.xml" },
          { id: "index", index: true },
        ],
      },
    ];
    const paths = [
      "/Exact/Case",
      "/exact/case",
      "/about",
      "/lang/about",
      "/LANG/About",
      "/pune/offers",
      "/files",
      "/files/a/b",
      "/docs",
      "/docs/x",
    ];
    for (const pathname of [...paths, "/sitemap.xml", "/SITEMAP.XML", "/sitemap-xml", "/", "/nothing"]) {
      expect(summary(matchRoutes(routes, pathname)), pathname).toEqual(summary(unpatchedMatchRoutes(routes, pathname)));
    }
  });
});
