import { beforeAll, describe, expect, it } from "vitest";

import { readRouteTree, type TreeRoute } from "../support/route-tree";

import { EXPECTED_ROUTE_TREE } from "./route-tree.expected";

const EXPECTED_FILE = "tests/unit/route-tree.expected.ts";

let tree: TreeRoute[];

beforeAll(async () => {
  tree = await readRouteTree();
});

/** The tree as EXPECTED_ROUTE_TREE writes it: parent → { route id → URL }. */
function groupedByParent(routes: TreeRoute[]): Record<string, Record<string, string | null>> {
  const grouped: Record<string, Record<string, string | null>> = {};
  for (const route of routes) {
    if (route.parentId === null) continue;
    grouped[route.parentId] = { ...grouped[route.parentId], [route.id]: route.url };
  }
  return grouped;
}

function flatten(grouped: Record<string, Record<string, string | null>>) {
  return new Map(
    Object.entries(grouped).flatMap(([parentId, children]) =>
      Object.entries(children).map(([id, url]) => [id, { parentId, url }] as const),
    ),
  );
}

/** What to change in the expected list, one line per route, in words. */
function differences(
  actual: Record<string, Record<string, string | null>>,
  expected: Record<string, Record<string, string | null>>,
): string[] {
  const now = flatten(actual);
  const meant = flatten(expected);
  const lines: string[] = [];
  const where = (entry: { parentId: string; url: string | null }) => `${entry.url ?? "(no URL: a layout)"} under ${entry.parentId}`;
  for (const [id, entry] of now) {
    const listed = meant.get(id);
    if (!listed) lines.push(`new route ${id}: ${where(entry)}. If that parent is intended, list it under "${entry.parentId}".`);
    else if (listed.parentId !== entry.parentId || listed.url !== entry.url) {
      lines.push(`route ${id} is now ${where(entry)}, listed as ${where(listed)}.`);
    }
  }
  for (const [id, entry] of meant) if (!now.has(id)) lines.push(`route ${id} (${where(entry)}) is gone: take it off the list.`);
  return lines;
}

/**
 * The section layouts: routes whose sub-pages nest inside them on purpose (the section's header and
 * tabs around its list, add and edit pages). Every other route nests only under its folder's _layout.
 */
const SECTION_LAYOUTS = new Set(["routes/admin+/templates"]);

/** The `+` folder a route's file sits in ("routes/api+"), or null. */
function folderOf(route: TreeRoute): string | null {
  return /^(routes\/[^/]+\+)\//.exec(route.file)?.[1] ?? null;
}

describe("the route tree", () => {
  it("is read from remix.config.js as Remix reads it", () => {
    expect(tree.find((route) => route.id === "root")).toMatchObject({ parentId: null, url: "/" });
    expect(tree.length).toBeGreaterThan(50);
  });

  it(`is the one listed in ${EXPECTED_FILE}`, () => {
    const actual = groupedByParent(tree);
    const changes = differences(actual, EXPECTED_ROUTE_TREE);
    const advice = [
      `The route tree differs from ${EXPECTED_FILE}:`,
      ...changes.map((line) => `  - ${line}`),
      "A route nested by accident (a parent's name at the start of its file name) takes an `_` after that part:",
      "api+/posts_.$id_.like.ts answers /api/posts/:id/like outside posts.ts and posts_.$id.ts. Otherwise update the list.",
    ].join("\n");
    expect(changes, advice).toEqual([]);
    expect(actual).toEqual(EXPECTED_ROUTE_TREE);
  });

  it("nests a route only under its own folder's _layout or a section layout: every api+ route sits under root", () => {
    const misplaced = tree
      .filter((route) => route.parentId !== null)
      .filter(
        (route) =>
          !(SECTION_LAYOUTS.has(route.parentId!) && folderOf(route) === folderOf(tree.find((parent) => parent.id === route.parentId)!)),
      )
      .filter((route) => {
        const folder = folderOf(route);
        const layout =
          folder && !route.id.endsWith("/_layout") ? tree.find((candidate) => candidate.id === `${folder}/_layout`) : undefined;
        return route.parentId !== (layout?.id ?? "root");
      })
      .map((route) => `${route.id} (${route.url}) is nested under ${route.parentId}`);
    expect(misplaced).toEqual([]);
    const api = tree.filter((route) => folderOf(route) === "routes/api+");
    expect(api.length).toBeGreaterThan(20);
    for (const route of api) expect(route.parentId, route.id).toBe("root");
  });

  it("answers each URL with one route", () => {
    const parents = new Set(tree.map((route) => route.parentId));
    const pages = tree.filter((route) => route.url !== null && !parents.has(route.id));
    // React Router matches paths regardless of case.
    const byUrl = new Map<string, TreeRoute[]>();
    for (const route of pages) byUrl.set(route.url!.toLowerCase(), [...(byUrl.get(route.url!.toLowerCase()) ?? []), route]);
    const shared = [...byUrl.values()].filter((routes) => routes.length > 1);
    expect(shared.map((routes) => `${routes[0].url}: ${routes.map((route) => route.id).join(", ")}`)).toEqual([]);
  });
});
