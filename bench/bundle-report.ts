/**
 * What a page's JavaScript is made of: for the route ids given (default the
 * home page: root and routes/_index/route), lists every chunk the browser loads up
 * front (entry, route modules and their static imports, as the manifest says)
 * with its size as built and as the server sends it gzipped (the `.gz` copy
 * scripts/optimize-assets.ts writes), and the source modules inside it with
 * their bytes in esbuild's output, before terser (esbuild's metafile, which
 * `remix build` writes to build/metafile.js.json). Lazy chunks are listed
 * apart: they are loaded on use. Needs a build: run `npm run build` first.
 *
 *   npx tsx bench/bundle-report.ts [--routes root,routes/_index/route] [--min 200]
 *
 * --min BYTES: inputs smaller than this are summed as "(smaller)".
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

import { intFlag, parseFlags, printTable, ROOT } from "./lib";

type Metafile = {
  outputs: Record<
    string,
    { bytes: number; imports: Array<{ path: string; kind: string }>; inputs: Record<string, { bytesInOutput: number }> }
  >;
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, { module: string; imports?: string[] }> };

const flags = parseFlags();
const routeIds = (flags.get("routes") ?? "root,routes/_index/route").split(",");
const minBytes = intFlag(flags, "min", 200);

const publicDir = path.join(ROOT, "public");
const manifestFile = readdirSync(path.join(publicDir, "build")).find((file) => /^manifest-.*\.js$/.test(file));
if (!manifestFile) throw new Error("No build found: run `npm run build` first");
const manifestSource = readFileSync(path.join(publicDir, "build", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1)) as Manifest;
const metafile = JSON.parse(readFileSync(path.join(ROOT, "build", "metafile.js.json"), "utf8")) as Metafile;

const upFront = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (const id of routeIds) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`No route ${id} in the manifest`);
  for (const url of [route.module, ...(route.imports ?? [])]) upFront.add(url);
}

const outputOf = (url: string) => metafile.outputs[path.posix.join("public", url)];
/** Chunks reached by import() from the up-front ones, and what those import in turn. */
const lazy = new Set<string>();
const queue = [...upFront];
while (queue.length) {
  const from = queue.pop()!;
  for (const imported of outputOf(from)?.imports ?? []) {
    const url = `/${path.posix.relative("public", imported.path)}`;
    if ((imported.kind === "dynamic-import" || lazy.has(from)) && !upFront.has(url) && !lazy.has(url)) {
      lazy.add(url);
      queue.push(url);
    }
  }
}

const kb = (url: string) => statSync(path.join(publicDir, url)).size / 1024;
const gzKb = (url: string) => kb(`${url}.gz`);
const shortName = (input: string) => input.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1").replace(/\?browser$/, "");

function report(title: string, urls: Set<string>) {
  const rows: string[][] = [];
  let total = 0;
  for (const url of [...urls].sort((a, b) => gzKb(b) - gzKb(a))) {
    const gz = gzKb(url);
    total += gz;
    rows.push([url, kb(url).toFixed(1), gz.toFixed(1), ""]);
    const byModule = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(outputOf(url).inputs)) {
      const name = shortName(input);
      byModule.set(name, (byModule.get(name) ?? 0) + bytesInOutput);
    }
    let smaller = 0;
    for (const [name, bytes] of [...byModule].sort((a, b) => b[1] - a[1])) {
      if (bytes < minBytes) smaller += bytes;
      else rows.push([`  ${name}`, "", "", String(bytes)]);
    }
    if (smaller) rows.push(["  (smaller)", "", "", String(smaller)]);
  }
  console.log(`\n${title}: ${urls.size} files, ${total.toFixed(1)} KB gzip\n`);
  printTable(["chunk / module", "raw KB", "gzip KB", "esbuild bytes"], rows);
}

report(`Loaded up front by ${routeIds.join(" + ")}`, upFront);
if (lazy.size) report("Loaded on use (import())", lazy);
