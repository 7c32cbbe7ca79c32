import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { budgetReport, checkBudgets, readBuild, type Manifest } from "../../scripts/check-bundle-budget";

const KB = 1024;

/** A regrouped build in small: the assets manifest, each script's `.gz` copy at a given size, the metafile. */
function writeBuild(gzipBytes: Record<string, number>, manifest: Manifest): string {
  const root = mkdtempSync(path.join(tmpdir(), "bundle-budget-"));
  const outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> = {};
  for (const [url, bytes] of Object.entries(gzipBytes)) {
    const file = path.join(root, "public", url);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "export {};");
    writeFileSync(`${file}.gz`, Buffer.alloc(bytes));
    // A page's module holds its source; a resource route's is an empty stub.
    const inputs = url.includes("/api/") ? {} : { [`app${url.replace(/-[a-z0-9]+\.js$/, ".tsx")}`]: { bytesInOutput: bytes } };
    outputs[path.posix.join("public", url)] = { bytes, inputs };
  }
  writeFileSync(path.join(root, "public/build/manifest-abcd1234.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
  mkdirSync(path.join(root, "build"));
  writeFileSync(path.join(root, "build/metafile.js.json"), JSON.stringify({ outputs }));
  return root;
}

const MANIFEST: Manifest = {
  entry: { module: "/build/entry.client-aaaa.js", imports: ["/build/_shared/framework-aaaa.js"] },
  routes: {
    root: { id: "root", path: "", module: "/build/root-aaaa.js" },
    "routes/_index/route": {
      id: "routes/_index/route",
      parentId: "root",
      module: "/build/routes/_index/route-aaaa.js",
      imports: ["/build/_shared/home-aaaa.js", "/build/_shared/feed-aaaa.js"],
    },
    "routes/_app+/_layout": {
      id: "routes/_app+/_layout",
      parentId: "root",
      module: "/build/routes/_app_/_layout-aaaa.js",
      imports: ["/build/_shared/home-aaaa.js", "/build/_shared/workspace-aaaa.js"],
    },
    "routes/_app+/contacts": {
      id: "routes/_app+/contacts",
      parentId: "routes/_app+/_layout",
      path: "contacts",
      module: "/build/routes/_app_/contacts-aaaa.js",
    },
    "routes/_app+/campaigns_.$id": {
      id: "routes/_app+/campaigns_.$id",
      parentId: "routes/_app+/_layout",
      path: "campaigns/:id",
      module: "/build/routes/_app_/campaigns_._id-aaaa.js",
      imports: ["/build/_shared/chunk-zod-aaaa.js"],
    },
    "routes/_app+/contacts[.]csv": {
      id: "routes/_app+/contacts[.]csv",
      parentId: "routes/_app+/_layout",
      path: "contacts.csv",
      module: "/build/routes/api/contacts-aaaa.js",
    },
    "routes/admin+/_index": { id: "routes/admin+/_index", parentId: "root", path: "admin", module: "/build/routes/admin_/_index-aaaa.js" },
  },
};

const SIZES: Record<string, number> = {
  "/build/entry.client-aaaa.js": 200,
  "/build/_shared/framework-aaaa.js": 80 * KB,
  "/build/root-aaaa.js": 130,
  "/build/routes/_index/route-aaaa.js": 140,
  "/build/_shared/home-aaaa.js": 3 * KB,
  "/build/_shared/feed-aaaa.js": 6 * KB,
  "/build/routes/_app_/_layout-aaaa.js": 2 * KB,
  "/build/_shared/workspace-aaaa.js": 8 * KB,
  "/build/routes/_app_/contacts-aaaa.js": 5 * KB,
  "/build/routes/_app_/campaigns_._id-aaaa.js": 4 * KB,
  "/build/_shared/chunk-zod-aaaa.js": 13 * KB,
  "/build/routes/api/contacts-aaaa.js": 100,
  "/build/routes/admin_/_index-aaaa.js": 90 * KB,
};

let roots: string[] = [];
const build = (sizes: Record<string, number>) => {
  const root = writeBuild(sizes, MANIFEST);
  roots.push(root);
  return readBuild(root);
};
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

describe("the JavaScript budgets, read from the build", () => {
  it("counts the scripts each screen's HTML names, at their gzip copies' sizes: the entry's, then each matched route's", () => {
    const rows = checkBudgets(build(SIZES));
    // `/` first, then the signed-in pages; the resource route (contacts.csv) and the admin's page have no budget.
    expect(rows.map((row) => row.pattern)).toEqual(["/", "/campaigns/:id", "/contacts"]);
    const [home, campaign, contacts] = rows;
    expect(home.files).toBe(6);
    expect(home.kb * KB).toBe(200 + 80 * KB + 130 + 140 + 3 * KB + 6 * KB);
    expect(home).toMatchObject({ budgetKb: 90, pass: true });
    // The layout's imports and the page's own; the home group the layout names is counted once.
    expect(contacts.files).toBe(7);
    expect(contacts.kb * KB).toBe(200 + 80 * KB + 130 + 2 * KB + 3 * KB + 8 * KB + 5 * KB);
    expect(campaign.kb * KB).toBe(200 + 80 * KB + 130 + 2 * KB + 3 * KB + 8 * KB + 4 * KB + 13 * KB);
    expect(campaign).toMatchObject({ budgetKb: 150, pass: true });
    // Printed: `/`, the largest signed-in screen and the sum-up line; every screen when asked.
    const report = budgetReport(rows);
    expect(report.pass).toBe(true);
    expect(report.lines.map((line) => line.split(" ")[0])).toEqual(["/", "/campaigns/:id", "JavaScript"]);
    expect(budgetReport(rows, true).lines).toHaveLength(4);
  });

  it("fails when the home page goes over 90 KB, and says which screen and by how much", () => {
    const rows = checkBudgets(build({ ...SIZES, "/build/_shared/feed-aaaa.js": 7 * KB }));
    expect(rows[0]).toMatchObject({ pattern: "/", pass: false });
    expect(rows[0].kb * KB).toBe(200 + 87 * KB + 130 + 140 + 3 * KB);
    const { lines, pass } = budgetReport(rows);
    expect(pass).toBe(false);
    expect(lines[0]).toMatch(/^\/\s+6 files\s+90\.5 KB\s+<= 90\s+FAIL$/);
    expect(lines.at(-1)).toContain("/ 90.5 KB > 90");
  });

  it("fails when a signed-in screen goes over 150 KB", () => {
    const rows = checkBudgets(build({ ...SIZES, "/build/_shared/chunk-zod-aaaa.js": 60 * KB }));
    expect(rows.find((row) => row.pattern === "/campaigns/:id")).toMatchObject({ pass: false, budgetKb: 150 });
    expect(rows.find((row) => row.pattern === "/contacts")).toMatchObject({ pass: true });
    const { lines, pass } = budgetReport(rows);
    expect(pass).toBe(false);
    expect(lines.filter((line) => line.endsWith("FAIL"))).toEqual([expect.stringMatching(/^\/campaigns\/:id .* <= 150 {2}FAIL$/)]);
  });

  it("refuses a build whose compressed copies are missing, and a missing build", () => {
    const { "/build/_shared/feed-aaaa.js": _feed, ...withoutFeed } = SIZES;
    const incomplete = build(withoutFeed);
    incomplete.manifest.routes["routes/_index/route"].imports!.push("/build/_shared/feed-aaaa.js");
    expect(() => checkBudgets(incomplete)).toThrow(/feed-aaaa\.js\.gz is missing/);
    expect(() => readBuild(path.join(tmpdir(), "no-such-build"))).toThrow(/npm run build/);
  });
});
