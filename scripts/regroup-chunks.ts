/**
 * Runs after `remix build`, before scripts/optimize-assets.ts (npm run build): regroups the browser
 * build's chunks so that a page loads a few files instead of twenty. esbuild, Remix's bundler, makes
 * a chunk for every set of routes that share a module, so `/` loaded 22 files, most of them a few
 * hundred bytes: each one compressed alone and cost a request of its own. Rollup re-bundles
 * esbuild's output (already minified, tree-shaken and split: the code itself passes through) into
 * a few groups, and leaves every other chunk as esbuild made it:
 * - `framework`: what every page loads anyway: the entry's chunks (React, Remix) and the root route
 *   with its imports;
 * - `home`: the small chunks `/` (the landing page, budget 90 KB) shares with other screens. Those
 *   screens load the whole group when they need a part of it (a workspace screen loads most of it
 *   anyway);
 * - `feed`: the home route's module with the chunks of the app's own code it imports that are over
 *   HOME_GROUP_MAX_BYTES (the PostCard, which the post composers draw as their preview), one file:
 *   compressed together they are 0.7 KB smaller than apart, on the first visit the budget is for.
 *   The composer screens (and /success) load the feed's route code with the card: 3 to 3.5 KB gzip
 *   more each, far under their 150 KB. Not when the route imports a large library chunk
 *   (node_modules): those screens would load it with the feed;
 * - `workspace`: the small chunks the signed-in business's screens (`_app+`, `_account+`) import
 *   beyond those: /send-post loaded 30 files, 20 of them under 4 KB. On a phone's network each file
 *   costs a round trip more than its bytes (Lighthouse's slow 4G: 150 ms, six at a time), so one
 *   file holding them all (about 12 KB gzip) is drawn sooner than the half of it a screen uses in
 *   twenty. Another screen sharing one of them (admin, sign-in) loads the group too;
 * - `server-stubs`: the empty modules Remix leaves in the browser for a route's *.server imports,
 *   a 94-byte chunk per set of routes sharing one (a workspace screen loaded up to eight).
 * New names are content hashes again, so the year-long caching of /build/ holds. The assets manifest
 * (each route's module and the chunks it imports, which the HTML modulepreloads) is written anew
 * where Remix put it: public/build/manifest-{version}.js and the server build, build/index.js.
 * build/metafile.js.json then lists what each new file holds, for bench/bundle-report.ts.
 *
 *   npx tsx scripts/regroup-chunks.ts
 */
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { rollup, type OutputChunk } from "rollup";

export type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[]; [field: string]: unknown };
export type AssetsManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  version: string;
  [field: string]: unknown;
};
type Group = "framework" | "home" | "feed" | "workspace" | "server-stubs";
type Metafile = {
  outputs: Record<
    string,
    { bytes: number; inputs: Record<string, { bytesInOutput: number }>; imports?: Array<{ path: string; kind: string }> }
  >;
};

/** The landing page's route (remix-flat-routes id). */
export const HOME_ROUTE = "routes/_index/route";
/** The signed-in business's screens: the routes under these folders. */
export const SIGNED_IN_SECTIONS = ["routes/_app+/", "routes/_account+/"];
/** esbuild's bytes: the home page's helpers are 2.2 KB at most, its PostCard chunk about 10 KB. */
export const HOME_GROUP_MAX_BYTES = 4_096;

/**
 * The group of each of esbuild's files (by URL), or none: the root module and the chunks the entry
 * and root import are `framework`; the small chunks the home route imports beyond those are `home`,
 * its module and the larger chunks of app code it imports `feed`;
 * a chunk of nothing but emptied server modules (esbuild's inputs `empty-module:…`) is `server-stubs`;
 * the small chunks a workspace screen imports beyond all those are `workspace`, unless one imports a
 * chunk in no group (a schema chunk importing zod's): every workspace screen would then load that too.
 */
export function chunkGroups(
  manifest: AssetsManifest,
  bytesOf: (url: string) => number,
  inputsOf: (url: string) => string[] = () => [],
  staticImportsOf: (url: string) => string[] = () => [],
): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const url of [manifest.routes.root.module, ...manifest.entry.imports, ...(manifest.routes.root.imports ?? [])]) {
    groups.set(url, "framework");
  }
  const home = manifest.routes[HOME_ROUTE];
  for (const url of home?.imports ?? []) {
    if (!groups.has(url) && bytesOf(url) <= HOME_GROUP_MAX_BYTES) groups.set(url, "home");
  }
  // Only app code: a screen that loads the feed file for its card must not load a library with it.
  const big = (home?.imports ?? []).filter((url) => !groups.has(url));
  if (home && big.length > 0 && big.every((url) => inputsOf(url).every((input) => input.startsWith("app/")))) {
    for (const url of [home.module, ...big]) groups.set(url, "feed");
  }
  for (const route of Object.values(manifest.routes)) {
    for (const url of route.imports ?? []) {
      const inputs = inputsOf(url);
      if (!groups.has(url) && inputs.length > 0 && inputs.every((input) => input.startsWith("empty-module:")))
        groups.set(url, "server-stubs");
    }
  }
  const candidates = new Set(
    Object.values(manifest.routes)
      .filter((route) => SIGNED_IN_SECTIONS.some((section) => route.id.startsWith(section)))
      .flatMap((route) => route.imports ?? [])
      .filter((url) => !groups.has(url) && bytesOf(url) <= HOME_GROUP_MAX_BYTES),
  );
  // Drop each candidate that imports a chunk in no group, until none does (a dropped one leaves no group).
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const url of candidates) {
      if (staticImportsOf(url).every((other) => groups.has(other) || candidates.has(other))) continue;
      candidates.delete(url);
      dropped = true;
    }
  }
  for (const url of candidates) groups.set(url, "workspace");
  return groups;
}

/**
 * The assets manifest for the regrouped files: each module's new file and the chunks it imports,
 * less those its parents (the entry, then the parent routes) already list, as Remix writes it.
 */
export function regroupedManifest(
  manifest: AssetsManifest,
  newUrlOf: (url: string) => string,
  importsOf: (url: string) => string[],
): AssetsManifest {
  const entryModule = newUrlOf(manifest.entry.module);
  const entry = { module: entryModule, imports: importsOf(entryModule) };
  const routes: Record<string, ManifestRoute> = {};
  for (const [id, route] of Object.entries(manifest.routes)) {
    const module = newUrlOf(route.module);
    routes[id] = { ...route, module, imports: importsOf(module) };
  }
  const allImports = new Map(Object.entries(routes).map(([id, route]) => [id, route.imports ?? []]));
  const listedAbove = (id: string | undefined): string[] =>
    id ? [...listedAbove(routes[id].parentId), ...(allImports.get(id) ?? [])] : entry.imports;
  for (const route of Object.values(routes)) {
    const above = listedAbove(route.parentId);
    const own = (route.imports ?? []).filter((url) => !above.includes(url));
    route.imports = own.length > 0 ? own : undefined;
  }
  return { ...manifest, entry, routes };
}

/** Regroups the build under `root` (public/build, build/index.js, build/metafile.js.json) in place. */
export async function regroupBuild(root: string): Promise<{ before: number; after: number }> {
  const buildDir = path.join(root, "public", "build");
  const manifestFile = (await readdir(buildDir)).find((file) => /^manifest-.*\.js$/.test(file));
  if (!manifestFile) throw new Error("No manifest in public/build: run remix build first");
  const manifestSource = await readFile(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1)) as AssetsManifest;
  const metafilePath = path.join(root, "build", "metafile.js.json");
  const metafile = JSON.parse(await readFile(metafilePath, "utf8")) as Metafile;

  const fileOf = (url: string) => path.join(root, "public", url);
  const urlOfFile = (file: string) => `/${path.relative(path.join(root, "public"), file).split(path.sep).join("/")}`;
  const urlOf = (fileName: string) => `/build/${fileName}`;
  const outputOf = (url: string) => metafile.outputs[path.posix.join("public", url)];
  const groups = chunkGroups(
    manifest,
    (url) => outputOf(url)?.bytes ?? Infinity,
    (url) => Object.keys(outputOf(url)?.inputs ?? {}),
    (url) =>
      (outputOf(url)?.imports ?? []).filter((one) => one.kind === "import-statement").map((one) => urlOfFile(path.join(root, one.path))),
  );

  // One input per module file (several routes may share one), named as esbuild named it, less its hash.
  const input: Record<string, string> = {};
  for (const url of [manifest.entry.module, ...Object.values(manifest.routes).map((route) => route.module)]) {
    input[url.replace(/^\/build\/|-[A-Z0-9]{8}\.js$/g, "")] = fileOf(url);
  }
  const bundle = await rollup({
    input,
    // Route modules keep exactly their exports: Remix reads them by name.
    preserveEntrySignatures: "strict",
    treeshake: false,
    plugins: [{ name: "build-urls", resolveId: (id) => (id.startsWith("/build/") ? fileOf(id) : null) }],
    onwarn: (warning) => {
      if (warning.code !== "CIRCULAR_DEPENDENCY") throw new Error(`rollup: ${warning.message}`);
    },
  });
  const { output } = await bundle.generate({
    format: "es",
    hashCharacters: "base36",
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: (chunk) => `_shared/${chunk.name.replace(/-[A-Z0-9]{8}$/, "")}-[hash].js`,
    // A chunk in no group stays a file of its own, named for it: left unnamed, rollup would move it
    // into a group that imports it (zod into `workspace`, through a small schema chunk).
    manualChunks: (id) => groups.get(urlOfFile(id)) ?? (urlOfFile(id).startsWith("/build/_shared/") ? path.basename(id, ".js") : undefined),
    // V8's explicit compile hint: every function of React and Remix runs while the page hydrates, so
    // compiling them all at once, while the file streams in (off the main thread), spares the main
    // thread compiling each lazily on its first call.
    banner: (chunk) => (chunk.name === "framework" ? "//# allFunctionsCalledOnLoad" : ""),
  });
  await bundle.close();
  const chunks = output.filter((item): item is OutputChunk => item.type === "chunk");

  // esbuild's scripts go (the stylesheets in _assets and the manifest stay), the new ones come.
  for (const file of Object.keys(metafile.outputs)) if (file.endsWith(".js")) await rm(path.join(root, file), { force: true });
  for (const chunk of chunks) {
    await mkdir(path.dirname(path.join(buildDir, chunk.fileName)), { recursive: true });
    await writeFile(path.join(buildDir, chunk.fileName), chunk.code);
  }

  const byModule = new Map(chunks.filter((chunk) => chunk.isEntry).map((chunk) => [chunk.facadeModuleId, chunk]));
  const byUrl = new Map(chunks.map((chunk) => [urlOf(chunk.fileName), chunk]));
  const regrouped = regroupedManifest(
    manifest,
    (url) => urlOf(byModule.get(fileOf(url))!.fileName),
    (url) => byUrl.get(url)!.imports.map(urlOf),
  );
  await writeFile(path.join(buildDir, manifestFile), `window.__remixManifest=${JSON.stringify(regrouped)};`);

  // The server build holds the same manifest, in the one statement Remix's compiler writes for it.
  const serverBuildPath = path.join(root, "build", "index.js");
  const serverBuild = await readFile(serverBuildPath, "utf8");
  const statement = /^var assets_manifest_default = \{.*\};$/m;
  if (!statement.test(serverBuild)) throw new Error("build/index.js: no `var assets_manifest_default = {…};` to rewrite");
  await writeFile(
    serverBuildPath,
    serverBuild.replace(statement, () => `var assets_manifest_default = ${JSON.stringify(regrouped)};`),
  );

  const outputs: Metafile["outputs"] = {};
  for (const chunk of chunks) {
    const inputs: Record<string, { bytesInOutput: number }> = {};
    for (const moduleId of Object.keys(chunk.modules)) {
      for (const [name, { bytesInOutput }] of Object.entries(metafile.outputs[path.relative(root, moduleId)]?.inputs ?? {})) {
        inputs[name] = { bytesInOutput: (inputs[name]?.bytesInOutput ?? 0) + bytesInOutput };
      }
    }
    // A route's module that only re-exports from its group (root's, the home route's) names its
    // sources at 0 bytes: their code is counted where it is, and a reader still sees it is a page.
    if (chunk.isEntry && chunk.facadeModuleId && Object.keys(chunk.modules).length === 0) {
      for (const name of Object.keys(metafile.outputs[path.relative(root, chunk.facadeModuleId)]?.inputs ?? {})) {
        inputs[name] = { bytesInOutput: 0 };
      }
    }
    outputs[path.posix.join("public", "build", chunk.fileName)] = { bytes: Buffer.byteLength(chunk.code), inputs };
  }
  await writeFile(metafilePath, JSON.stringify({ outputs }));
  return { before: Object.keys(metafile.outputs).filter((file) => file.endsWith(".js")).length, after: chunks.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { before, after } = await regroupBuild(process.cwd());
  console.log(`[regroup-chunks] ${before} scripts → ${after}`);
}
