/**
 * The JavaScript budgets as a CI step (npm run test:e2e runs it after `npm run build`): `/` ≤ 90 KB
 * and every signed-in page (under app/routes/_app+ and _account+) ≤ 150 KB; a screen over its
 * budget fails the run (exit code 1), so that scripts/regroup-chunks.ts, or an import, cannot
 * silently make a phone download more. Reads the build, no server and no browser; about a second.
 *
 * What it counts, per screen: the scripts its HTML names, as Remix's <Scripts> names them (the
 * entry's module and its imports, then each matched route's module and imports, root first: the
 * assets manifest in public/build), each at the size of the `.gz` copy scripts/optimize-assets.ts
 * wrote beside it (KB of 1,024 bytes), which is what server/precompressed.ts sends to a browser that
 * takes gzip. That is the number bench/bundle-report.ts measures in Chromium for a screen that
 * imports no lazy part while its first screen loads (the bench prints both, side by side); a lazy
 * part (React.lazy, import()) drawn on the first screen is not counted here, so the bench stays the
 * judge of those.
 *
 *   npx tsx scripts/check-bundle-budget.ts          # `/`, the largest signed-in screen, any over budget
 *   npx tsx scripts/check-bundle-budget.ts --all    # every screen
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { HOME_ROUTE, SIGNED_IN_SECTIONS } from "./regroup-chunks";

export const HOME_BUDGET_KB = 90;
export const SIGNED_IN_BUDGET_KB = 150;

export type ManifestRoute = { id: string; parentId?: string; path?: string; module: string; imports?: string[] };
export type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
export type Metafile = { outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> };
export type Build = { root: string; manifest: Manifest; metafile: Metafile };

/** The assets manifest (public/build/manifest-*.js, as regroup-chunks wrote it) and the metafile beside the server build. */
export function readBuild(root: string): Build {
  const buildDir = path.join(root, "public", "build");
  const manifestFile = existsSync(buildDir) && readdirSync(buildDir).find((file) => /^manifest-.*\.js$/.test(file));
  if (!manifestFile) throw new Error("No build found: run `npm run build` first");
  const source = readFileSync(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
  const metafile = JSON.parse(readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as Metafile;
  return { root, manifest, metafile };
}

/** What the metafile says a browser file (by URL, /build/…) holds. */
export const outputOf = (build: Build, url: string) => build.metafile.outputs[path.posix.join("public", url)];

/** The route and its ancestors, root first. */
function routeChain(manifest: Manifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let at: ManifestRoute | undefined = manifest.routes[routeId]; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
    chain.unshift(at);
  }
  return chain;
}

/** A route's URL pattern: its own path after its ancestors'. */
export function urlPattern(manifest: Manifest, route: ManifestRoute): string {
  return `/${routeChain(manifest, route.id)
    .map((at) => at.path)
    .filter(Boolean)
    .join("/")}`;
}

/** A page draws something: its browser module holds its own source (a resource route's is an empty stub). */
export const isPage = (build: Build, route: ManifestRoute) =>
  Object.keys(outputOf(build, route.module)?.inputs ?? {}).some((input) => input.startsWith("app/"));

/** Every screen with a budget: `/`, then each signed-in page (resource routes left out). */
export function budgetedScreens(build: Build): Array<{ routeId: string; pattern: string; budgetKb: number }> {
  const home = build.manifest.routes[HOME_ROUTE];
  if (!home) throw new Error(`The build has no ${HOME_ROUTE}`);
  const signedIn = Object.values(build.manifest.routes)
    .filter((route) => SIGNED_IN_SECTIONS.some((section) => route.id.startsWith(section)) && route.path && isPage(build, route))
    .map((route) => ({ routeId: route.id, pattern: urlPattern(build.manifest, route), budgetKb: SIGNED_IN_BUDGET_KB }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
  return [{ routeId: HOME_ROUTE, pattern: "/", budgetKb: HOME_BUDGET_KB }, ...signedIn];
}

/** The scripts a screen's HTML names (modulepreloads and the entry's import), in order, each once. */
export function screenScripts(manifest: Manifest, routeId: string): string[] {
  const urls = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of routeChain(manifest, routeId)) urls.push(route.module, ...(route.imports ?? []));
  return [...new Set(urls)];
}

export type BudgetRow = { pattern: string; routeId: string; files: number; kb: number; budgetKb: number; pass: boolean };

/** Each budgeted screen's scripts at their gzip copies' sizes, against its budget. */
export function checkBudgets(build: Build): BudgetRow[] {
  const gzipBytes = (url: string) => {
    const file = path.join(build.root, "public", `${url}.gz`);
    if (!existsSync(file)) throw new Error(`${url}.gz is missing: the build did not finish (scripts/optimize-assets.ts writes it)`);
    return statSync(file).size;
  };
  return budgetedScreens(build).map(({ routeId, pattern, budgetKb }) => {
    const scripts = screenScripts(build.manifest, routeId);
    const kb = scripts.reduce((sum, url) => sum + gzipBytes(url), 0) / 1024;
    return { pattern, routeId, files: scripts.length, kb, budgetKb, pass: kb <= budgetKb };
  });
}

/**
 * The verdict as lines to print, and whether every screen is within its budget: `/`, the largest
 * signed-in screen and every screen over its budget (`all`: every screen), then a line that sums up.
 */
export function budgetReport(rows: BudgetRow[], all = false): { lines: string[]; pass: boolean } {
  const largest = rows.slice(1).reduce<BudgetRow | undefined>((most, row) => (most && most.kb >= row.kb ? most : row), undefined);
  const shown = rows.filter((row, index) => all || index === 0 || row === largest || !row.pass);
  const width = Math.max(...shown.map((row) => row.pattern.length));
  const lines = shown.map(
    (row) =>
      `${row.pattern.padEnd(width)}  ${String(row.files).padStart(2)} files  ${row.kb.toFixed(1).padStart(5)} KB  <= ${row.budgetKb}  ${
        row.pass ? "PASS" : "FAIL"
      }`,
  );
  const failed = rows.filter((row) => !row.pass);
  lines.push(
    failed.length === 0
      ? `JavaScript budgets: all ${rows.length} screens within (gzip as sent, the scripts each page's HTML names)`
      : `JavaScript budgets: ${failed.map((row) => `${row.pattern} ${row.kb.toFixed(1)} KB > ${row.budgetKb}`).join(", ")}. ` +
          "See `npx tsx bench/bundle-report.ts --only / --detail /` for what each file holds.",
  );
  return { lines, pass: failed.length === 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { lines, pass } = budgetReport(checkBudgets(readBuild(process.cwd())), process.argv.includes("--all"));
  console.log(lines.join("\n"));
  process.exitCode = pass ? 0 : 1;
}
