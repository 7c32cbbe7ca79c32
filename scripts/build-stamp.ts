/**
 * The build's stamp: a hash of everything `npm run build` reads, so that `npm start` rebuilds only
 * when one of them changed (docs/decisions/031-fast-restarts.md).
 *
 *   npx tsx scripts/build-stamp.ts begin    first step of `npm run build`: forget the old stamp, note the inputs now
 *   npx tsx scripts/build-stamp.ts end      last step, after every other succeeded: the noted inputs are what was built
 *   npx tsx scripts/build-stamp.ts forget   before another build writes into build/ (the dev compiler)
 *   npx tsx scripts/build-stamp.ts check    exit code 0 when build/ was built from the sources as they are
 *
 * The inputs are hashed before the build starts, not after, so a file edited while it runs makes
 * the next start build again rather than serve the older output under the newer stamp.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * What the build reads: the app (the browser and server bundles, Tailwind's classes), public/ (minus
 * the build's own output), the compiler's configuration, the exact packages installed with their
 * patches, and the two scripts that rewrite the build after remix. server/ and drizzle/ are read
 * by the running server, not built, so they are not here.
 */
export const BUILD_INPUTS = [
  "app",
  "public",
  "remix.config.js",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "patches",
  "scripts/regroup-chunks.ts",
  "scripts/optimize-assets.ts",
  "scripts/build-stamp.ts",
];
const EXCLUDED = new Set(["public/build"]);

/** The build's outputs: without them, a stamp says nothing. */
const BUILD_OUTPUTS = ["build/index.js", "public/build"];

const STAMP = "build/.build-stamp";
// Outside build/, which the compiler may empty when it starts.
const PENDING = ".cache/build-stamp-pending";

/** Every file of one input (a file or a directory), as "/"-separated paths from the root. */
async function filesOf(root: string, entry: string): Promise<string[]> {
  const full = path.join(root, entry);
  const info = await stat(full).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [entry];
  const entries = await readdir(full, { recursive: true, withFileTypes: true });
  return entries
    .filter((item) => item.isFile())
    .map((item) => path.relative(root, path.join(item.parentPath, item.name)).split(path.sep).join("/"))
    .filter((file) => ![...EXCLUDED].some((excluded) => file.startsWith(`${excluded}/`)));
}

/** sha256 over every input's path and content, in a fixed order. */
export async function buildInputsHash(root = process.cwd()): Promise<string> {
  const files = (await Promise.all(BUILD_INPUTS.map((entry) => filesOf(root, entry)))).flat().sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether build/ holds the build of the inputs as they are now. */
export async function buildIsCurrent(root = process.cwd()): Promise<{ current: boolean; hash: string }> {
  const hash = await buildInputsHash(root);
  const stamp = await readFile(path.join(root, STAMP), "utf8").catch(() => null);
  const outputs = BUILD_OUTPUTS.every((output) => existsSync(path.join(root, output)));
  return { current: outputs && stamp?.trim() === hash, hash };
}

export async function beginBuild(root = process.cwd()) {
  await rm(path.join(root, STAMP), { force: true });
  await mkdir(path.dirname(path.join(root, PENDING)), { recursive: true });
  await writeFile(path.join(root, PENDING), await buildInputsHash(root));
}

export async function endBuild(root = process.cwd()) {
  const pending = await readFile(path.join(root, PENDING), "utf8").catch(() => null);
  if (!pending) throw new Error(`No ${PENDING}: the build did not start with 'build-stamp.ts begin'`);
  await mkdir(path.dirname(path.join(root, STAMP)), { recursive: true });
  await rename(path.join(root, PENDING), path.join(root, STAMP));
}

export async function forgetBuild(root = process.cwd()) {
  await rm(path.join(root, STAMP), { force: true });
}

async function main() {
  const command = process.argv[2];
  if (command === "begin") await beginBuild();
  else if (command === "end") await endBuild();
  else if (command === "forget") await forgetBuild();
  else if (command === "check") {
    const { current, hash } = await buildIsCurrent();
    console.log(current ? `Build up to date (inputs ${hash.slice(0, 12)}).` : "Build out of date.");
    process.exitCode = current ? 0 : 1;
  } else {
    console.error("usage: build-stamp.ts begin | end | forget | check");
    process.exitCode = 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
