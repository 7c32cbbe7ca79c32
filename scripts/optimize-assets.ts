/**
 * Runs after `remix build` (npm run build): makes the browser build as small as
 * it can be on the wire, once, instead of per request.
 * - Every script is minified again with terser: esbuild's minifier is fast but
 *   leaves about 4% of the framework chunk that two terser passes remove. Names
 *   stay as they are (they are content hashes of the esbuild output, which is
 *   deterministic, and terser is too), so the manifest still points at them.
 * - Every script and stylesheet gets two compressed copies beside it: `.gz` by
 *   zopfli (a slower, better gzip: about 3% smaller than gzip -9) and `.br` by
 *   brotli at quality 11. server/precompressed.ts sends the one the browser takes.
 * - What a file becomes depends only on its content, so the three outputs are kept in
 *   .cache/optimized-assets/ under a hash of it: a rebuild recompresses only the files that
 *   changed (all 220 took 45-72 s on this machine). Entries unused for CACHE_DAYS are removed.
 *
 *   npx tsx scripts/optimize-assets.ts [public/build]
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

import { gzipAsync } from "@gfx/zopfli";
import { minify } from "terser";

const PRECOMPRESSED_EXTENSIONS = [".js", ".css"];

export const CACHE_DIR = path.resolve(".cache/optimized-assets");
const CACHE_DAYS = 14;
/** Raised when what optimizeAsset makes of a file changes; terser's version is part of the key too. */
const RECIPE = `terser ${createRequire(import.meta.url)("terser/package.json").version}, passes 2, compile hints kept; zopfli 15; brotli 11`;

async function minifyScript(source: string, file: string): Promise<string> {
  const result = await minify(source, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    // V8's compile hint (scripts/regroup-chunks.ts) is the one comment kept.
    format: { comments: /^# allFunctionsCalledOnLoad$/ },
  });
  if (result.code === undefined) throw new Error(`terser returned nothing for ${file}`);
  return result.code;
}

type Sizes = { raw: number; gzip: number; brotli: number; cached: boolean };

/** Minifies one built file (scripts only) and writes its `.gz` and `.br` copies, from the cache when it has them. */
export async function optimizeAsset(file: string, cacheDir = CACHE_DIR): Promise<Sizes> {
  let content = await readFile(file);
  // The manifest is JSON that bench/bundle-report.ts reads back; terser would gain nothing on it.
  const minified = file.endsWith(".js") && !path.basename(file).startsWith("manifest-");
  const key = createHash("sha256").update(`${RECIPE}; minified ${minified}\0`).update(content).digest("hex");
  const kept = path.join(cacheDir, key);
  const outputs = [`${file}`, `${file}.gz`, `${file}.br`];
  const cachedCopies = [`${kept}.out`, `${kept}.gz`, `${kept}.br`];
  const sizes = await Promise.all(
    cachedCopies.map((copy) =>
      stat(copy).then(
        (info) => info.size,
        () => null,
      ),
    ),
  );
  if (sizes.every((size) => size !== null)) {
    await Promise.all(outputs.map((output, index) => copyFile(cachedCopies[index], output)));
    // Used now: kept another CACHE_DAYS.
    const now = new Date();
    await Promise.all(cachedCopies.map((copy) => utimes(copy, now, now)));
    return { raw: sizes[0]!, gzip: sizes[1]!, brotli: sizes[2]!, cached: true };
  }
  if (minified) content = Buffer.from(await minifyScript(content.toString("utf8"), file));
  const gzip = Buffer.from(await gzipAsync(content, { numiterations: 15 }));
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const made = [content, gzip, brotli];
  await Promise.all(outputs.map((output, index) => writeFile(output, made[index])));
  // Written whole under another name, then renamed: a build alongside never copies half a file.
  await mkdir(cacheDir, { recursive: true });
  for (const [index, copy] of cachedCopies.entries()) {
    const partial = `${copy}.${process.pid}.partial`;
    await writeFile(partial, made[index]);
    await rename(partial, copy);
  }
  return { raw: content.byteLength, gzip: gzip.byteLength, brotli: brotli.byteLength, cached: false };
}

/** Removes cached outputs no build has used for CACHE_DAYS. */
export async function pruneCache(cacheDir = CACHE_DIR, now = Date.now()) {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(cacheDir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > CACHE_DAYS * 86_400_000) await rm(file, { force: true });
  }
}

/** Every file under `dir` that gets compressed copies. */
export async function assetFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? "public/build");
  const started = Date.now();
  const files = await assetFiles(dir);
  if (files.length === 0) throw new Error(`No built scripts in ${dir}: run remix build first`);
  const totals = { raw: 0, gzip: 0, brotli: 0, cached: 0 };
  // A few at a time: zopfli and terser are CPU-bound, and the machine may have two cores.
  for (let i = 0; i < files.length; i += 4) {
    for (const sizes of await Promise.all(files.slice(i, i + 4).map((file) => optimizeAsset(file)))) {
      totals.raw += sizes.raw;
      totals.gzip += sizes.gzip;
      totals.brotli += sizes.brotli;
      if (sizes.cached) totals.cached++;
    }
  }
  await pruneCache();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `[optimize-assets] ${files.length} files (${totals.cached} unchanged, from ${path.relative(process.cwd(), CACHE_DIR)}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${kb(totals.raw)} raw, ${kb(totals.gzip)} gzip, ${kb(totals.brotli)} brotli`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
