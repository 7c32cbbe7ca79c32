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
 *
 *   npx tsx scripts/optimize-assets.ts [public/build]
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

import { gzipAsync } from "@gfx/zopfli";
import { minify } from "terser";

const PRECOMPRESSED_EXTENSIONS = [".js", ".css"];

async function minifyScript(source: string, file: string): Promise<string> {
  const result = await minify(source, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (result.code === undefined) throw new Error(`terser returned nothing for ${file}`);
  return result.code;
}

/** Minifies one built file (scripts only) and writes its `.gz` and `.br` copies. */
export async function optimizeAsset(file: string): Promise<{ raw: number; gzip: number; brotli: number }> {
  let content = await readFile(file);
  // The manifest is JSON that bench/bundle-report.ts reads back; terser would gain nothing on it.
  if (file.endsWith(".js") && !path.basename(file).startsWith("manifest-")) {
    content = Buffer.from(await minifyScript(content.toString("utf8"), file));
    await writeFile(file, content);
  }
  const gzip = Buffer.from(await gzipAsync(content, { numiterations: 15 }));
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  await writeFile(`${file}.gz`, gzip);
  await writeFile(`${file}.br`, brotli);
  return { raw: content.byteLength, gzip: gzip.byteLength, brotli: brotli.byteLength };
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
  const totals = { raw: 0, gzip: 0, brotli: 0 };
  // A few at a time: zopfli and terser are CPU-bound, and the machine may have two cores.
  for (let i = 0; i < files.length; i += 4) {
    for (const sizes of await Promise.all(files.slice(i, i + 4).map(optimizeAsset))) {
      totals.raw += sizes.raw;
      totals.gzip += sizes.gzip;
      totals.brotli += sizes.brotli;
    }
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `[optimize-assets] ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${kb(totals.raw)} raw, ${kb(totals.gzip)} gzip, ${kb(totals.brotli)} brotli`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
