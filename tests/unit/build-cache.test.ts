import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { beginBuild, buildInputsHash, buildIsCurrent, endBuild, forgetBuild } from "../../scripts/build-stamp";
import { optimizeAsset, pruneCache } from "../../scripts/optimize-assets";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "build-cache-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

describe("the build stamp", () => {
  beforeEach(() => {
    write("app/root.tsx", "export default function App() {}");
    write("public/favicon.svg", "<svg/>");
    write("package-lock.json", "{}");
  });

  it("changes with a source, a public file or the installed packages, not with the build's own output", async () => {
    const first = await buildInputsHash(root);
    write("public/build/entry-ABC.js", "built");
    write("build/index.js", "built");
    expect(await buildInputsHash(root)).toBe(first);
    write("app/root.tsx", "export default function App() { return null }");
    const second = await buildInputsHash(root);
    expect(second).not.toBe(first);
    write("public/robots.txt", "User-agent: *");
    const third = await buildInputsHash(root);
    expect(third).not.toBe(second);
    write("package-lock.json", '{"lockfileVersion":3}');
    expect(await buildInputsHash(root)).not.toBe(third);
  });

  it("says a finished build is current until a source changes, and a build that did not finish is not", async () => {
    await beginBuild(root);
    write("build/index.js", "built");
    write("public/build/manifest-1.js", "built");
    // Failed before its last step: no stamp.
    expect((await buildIsCurrent(root)).current).toBe(false);
    await endBuild(root);
    expect((await buildIsCurrent(root)).current).toBe(true);
    write("app/routes/new.tsx", "export default function New() {}");
    expect((await buildIsCurrent(root)).current).toBe(false);
  });

  it("stamps the sources as they were when the build began, so an edit during the build builds again", async () => {
    await beginBuild(root);
    write("app/root.tsx", "edited while building");
    write("build/index.js", "built");
    write("public/build/manifest-1.js", "built");
    await endBuild(root);
    expect((await buildIsCurrent(root)).current).toBe(false);
  });

  it("is not current without the build's outputs, or after another compiler wrote into build/", async () => {
    await beginBuild(root);
    write("build/index.js", "built");
    write("public/build/manifest-1.js", "built");
    await endBuild(root);
    rmSync(path.join(root, "public/build"), { recursive: true });
    expect((await buildIsCurrent(root)).current).toBe(false);
    write("public/build/manifest-1.js", "built");
    expect((await buildIsCurrent(root)).current).toBe(true);
    await forgetBuild(root);
    expect((await buildIsCurrent(root)).current).toBe(false);
  });
});

describe("compressed copies kept by content", () => {
  const script = `export function greet(name) {\n  // dropped by the minifier\n  return "Hello, " + name;\n}\n`.repeat(20);

  it("makes a file's copies once and gives the same bytes from the cache for the same content", async () => {
    const cache = path.join(root, ".cache");
    write("one/chunk.js", script);
    write("two/chunk-renamed.js", script);
    const first = await optimizeAsset(path.join(root, "one/chunk.js"), cache);
    const second = await optimizeAsset(path.join(root, "two/chunk-renamed.js"), cache);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    for (const suffix of ["", ".gz", ".br"]) {
      expect(readFileSync(path.join(root, `two/chunk-renamed.js${suffix}`))).toEqual(
        readFileSync(path.join(root, `one/chunk.js${suffix}`)),
      );
    }
    expect(readFileSync(path.join(root, "two/chunk-renamed.js"), "utf8")).not.toContain("dropped by the minifier");

    write("three/chunk.js", script.replace("Hello", "Namaste"));
    expect((await optimizeAsset(path.join(root, "three/chunk.js"), cache)).cached).toBe(false);
  });

  it("removes what no build used for two weeks, and keeps what one did", async () => {
    const cache = path.join(root, ".cache");
    write("old/a.css", "body { color: red; }\n".repeat(10));
    write("new/b.css", "body { color: blue; }\n".repeat(10));
    await optimizeAsset(path.join(root, "old/a.css"), cache);
    const old = new Date(Date.now() - 15 * 86_400_000);
    for (const name of readdirSync(cache)) utimesSync(path.join(cache, name), old, old);
    await optimizeAsset(path.join(root, "new/b.css"), cache);
    await pruneCache(cache);
    expect(readdirSync(cache)).toHaveLength(3);
    expect((await optimizeAsset(path.join(root, "new/b.css"), cache)).cached).toBe(true);
  });
});
