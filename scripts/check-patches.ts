/**
 * Whether every patch in patches/ is applied to node_modules: the server and the browser build must
 * run the patched Remix (route matching, the request handed to loaders, offline route modules), and
 * an install that skipped `patch-package` (npm's --ignore-scripts, a cache restored over
 * node_modules) would run the stock one without a word. Each patch is checked by `git apply
 * --reverse --check`, which succeeds only where its changes are all there. The tests' global setup
 * and `npm run test:e2e` call it before anything runs.
 *
 *   npx tsx scripts/check-patches.ts
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The patches under `root`/patches that are not (wholly) applied to `root`/node_modules. */
export function unappliedPatches(root: string): string[] {
  const dir = path.join(root, "patches");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".patch"))
    .filter(
      (file) => spawnSync("git", ["apply", "--reverse", "--check", path.join(dir, file)], { cwd: root, stdio: "ignore" }).status !== 0,
    );
}

/** Throws, naming them and the fix, when a patch is not applied. */
export function assertPatchesApplied(root: string): void {
  const missing = unappliedPatches(root);
  if (missing.length > 0) {
    throw new Error(`Not applied to node_modules: ${missing.join(", ")}.\nApply them with: npx patch-package --error-on-fail`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    assertPatchesApplied(process.cwd());
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
