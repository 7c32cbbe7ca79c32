import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { assertPatchesApplied, unappliedPatches } from "../../scripts/check-patches";

/** A project with one package file and one patch of it, as patch-package writes them. */
function project(fileText: string): string {
  const root = mkdtempSync(path.join(tmpdir(), "patches-"));
  mkdirSync(path.join(root, "node_modules/pkg"), { recursive: true });
  mkdirSync(path.join(root, "patches"));
  writeFileSync(path.join(root, "node_modules/pkg/index.js"), fileText);
  writeFileSync(
    path.join(root, "patches/pkg+1.0.0.patch"),
    [
      "diff --git a/node_modules/pkg/index.js b/node_modules/pkg/index.js",
      "--- a/node_modules/pkg/index.js",
      "+++ b/node_modules/pkg/index.js",
      "@@ -1,2 +1,2 @@",
      " const keep = 1;",
      "-module.exports = 'stock';",
      "+module.exports = 'patched';",
      "",
    ].join("\n"),
  );
  return root;
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("checking that patches/ is applied", () => {
  it("finds nothing missing where the patch is applied, and names the patch where it is not", () => {
    const patched = project("const keep = 1;\nmodule.exports = 'patched';\n");
    const stock = project("const keep = 1;\nmodule.exports = 'stock';\n");
    roots.push(patched, stock);
    expect(unappliedPatches(patched)).toEqual([]);
    expect(unappliedPatches(stock)).toEqual(["pkg+1.0.0.patch"]);
    expect(() => assertPatchesApplied(stock)).toThrow(/pkg\+1\.0\.0\.patch.*\n.*patch-package/);
  });

  it("finds this project's patches applied to its node_modules", () => {
    const root = path.resolve(__dirname, "../..");
    expect(readdirSync(path.join(root, "patches")).length).toBeGreaterThan(0);
    expect(unappliedPatches(root)).toEqual([]);
  });
});
