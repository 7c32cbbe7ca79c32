import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { HOME_GROUP_MAX_BYTES, chunkGroups, regroupBuild, type AssetsManifest } from "../../scripts/regroup-chunks";

/**
 * A build as `remix build` leaves it, in small: esbuild's files in public/build (absolute /build/
 * imports), the assets manifest beside them and in the server build, and esbuild's metafile.
 */
const FILES: Record<string, string> = {
  "entry.client-ENTRYAAA.js": `import { framework } from "/build/_shared/chunk-FRAMEWRK.js"; globalThis.hydrated = framework();`,
  "_shared/chunk-FRAMEWRK.js": `export function framework() { return "framework"; }`,
  "root-ROOTAAAA.js": `import { framework } from "/build/_shared/chunk-FRAMEWRK.js";
import { button } from "/build/_shared/chunk-BUTTONAA.js";
export default function App() { return framework() + " " + button(); }
export function ErrorBoundary() { return "error"; }`,
  "_shared/chunk-BUTTONAA.js": `export function button() { return "button"; }`,
  "routes/_index/route-HOMEAAAA.js": `import { framework } from "/build/_shared/chunk-FRAMEWRK.js";
import { share } from "/build/_shared/chunk-SHAREAAA.js";
import { time } from "/build/_shared/chunk-TIMEAAAA.js";
import { card } from "/build/_shared/chunk-CARDAAAA.js";
export default function Home() { return [framework(), share(), time(), card()].join(" "); }
export const meta = () => [{ title: "Home" }];
export const lightbox = () => import("/build/_shared/lightbox-LAZYAAAA.js");`,
  "_shared/chunk-SHAREAAA.js": `export function share() { return "share"; }`,
  "_shared/chunk-TIMEAAAA.js": `export function time() { return "time"; }`,
  "_shared/chunk-CARDAAAA.js": `export function card() { return "card"; }\nexport const filler = "${"x".repeat(HOME_GROUP_MAX_BYTES)}";`,
  "_shared/lightbox-LAZYAAAA.js": `import { share } from "/build/_shared/chunk-SHAREAAA.js"; export default function Lightbox() { return "lightbox " + share(); }`,
  "routes/send-post-SENDPOST.js": `import { framework } from "/build/_shared/chunk-FRAMEWRK.js";
import { time } from "/build/_shared/chunk-TIMEAAAA.js";
import { card } from "/build/_shared/chunk-CARDAAAA.js";
import { stub as session } from "/build/_shared/chunk-SESSIONS.js";
import { stub as csrf } from "/build/_shared/chunk-CSRFAAAA.js";
export default function SendPost() { return [framework(), time(), card(), session.name, csrf.name].join(" "); }`,
  "routes/contacts-CONTACTS.js": `import { stub as session } from "/build/_shared/chunk-SESSIONS.js";
export default function Contacts() { return session.name; }`,
  // Two of the business's screens: small chunks of their own, one importing a big library chunk.
  "routes/_app+/campaigns-CAMPAIGN.js": `import { form } from "/build/_shared/chunk-FORMSAAA.js";
import { badge } from "/build/_shared/chunk-BADGEAAA.js";
import { parse } from "/build/_shared/chunk-ZODAAAAA.js";
export default function Campaigns() { return [form(), badge(), parse()].join(" "); }`,
  "routes/_app+/settings-SETTINGS.js": `import { badge } from "/build/_shared/chunk-BADGEAAA.js";
export default function Settings() { return badge(); }`,
  "_shared/chunk-FORMSAAA.js": `import { parse } from "/build/_shared/chunk-ZODAAAAA.js"; export function form() { return "form " + parse(); }`,
  "_shared/chunk-BADGEAAA.js": `export function badge() { return "badge"; }`,
  "_shared/chunk-ZODAAAAA.js": `export function parse() { return "parsed"; }\nexport const library = "${"z".repeat(HOME_GROUP_MAX_BYTES)}";`,
  // What Remix leaves of a *.server module in the browser: an empty stub, shared as a chunk of its own.
  "_shared/chunk-SESSIONS.js": `export const stub = { name: "session.server" };`,
  "_shared/chunk-CSRFAAAA.js": `export const stub = { name: "csrf.server" };`,
};

const route = (id: string, parentId: string | undefined, module: string, imports?: string[]) => ({
  id,
  parentId,
  path: id === "root" ? "" : id,
  module: `/build/${module}`,
  imports: imports?.map((file) => `/build/_shared/${file}`),
  hasLoader: true,
});

const MANIFEST: AssetsManifest = {
  entry: { module: "/build/entry.client-ENTRYAAA.js", imports: ["/build/_shared/chunk-FRAMEWRK.js"] },
  routes: {
    root: route("root", undefined, "root-ROOTAAAA.js", ["chunk-BUTTONAA.js"]),
    "routes/_index/route": route("routes/_index/route", "root", "routes/_index/route-HOMEAAAA.js", [
      "chunk-SHAREAAA.js",
      "chunk-TIMEAAAA.js",
      "chunk-CARDAAAA.js",
    ]),
    "routes/send-post": route("routes/send-post", "root", "routes/send-post-SENDPOST.js", [
      "chunk-TIMEAAAA.js",
      "chunk-CARDAAAA.js",
      "chunk-SESSIONS.js",
      "chunk-CSRFAAAA.js",
    ]),
    "routes/contacts": route("routes/contacts", "root", "routes/contacts-CONTACTS.js", ["chunk-SESSIONS.js"]),
    "routes/_app+/campaigns": route("routes/_app+/campaigns", "root", "routes/_app+/campaigns-CAMPAIGN.js", [
      "chunk-FORMSAAA.js",
      "chunk-BADGEAAA.js",
      "chunk-ZODAAAAA.js",
    ]),
    "routes/_app+/settings": route("routes/_app+/settings", "root", "routes/_app+/settings-SETTINGS.js", ["chunk-BADGEAAA.js"]),
  },
  version: "abcd1234",
  url: "/build/manifest-ABCD1234.js",
};

let root: string;
let manifest: AssetsManifest;
let serverBuild: string;

const readManifest = (source: string) => JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as AssetsManifest;
const fileOf = (url: string) => path.join(root, "public", url);
const importOf = (url: string) => import(pathToFileURL(fileOf(url)).href);

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "regroup-"));
  const outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }>; imports: object[] }> = {};
  for (const [file, code] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, "public/build", file)), { recursive: true });
    writeFileSync(path.join(root, "public/build", file), code);
    const input = code.includes(".server") ? `empty-module:~/utils/${file}` : `app/${file.replace(/-[A-Z]{8}\.js$/, ".tsx")}`;
    // As esbuild lists them: static imports and import() apart, by their paths in the project.
    const imports = [
      ...[...code.matchAll(/from "\/(build\/[^"]+)"/g)].map((match) => ({ path: `public/${match[1]}`, kind: "import-statement" })),
      ...[...code.matchAll(/import\("\/(build\/[^"]+)"\)/g)].map((match) => ({ path: `public/${match[1]}`, kind: "dynamic-import" })),
    ];
    outputs[`public/build/${file}`] = { bytes: code.length, inputs: { [input]: { bytesInOutput: code.length } }, imports };
  }
  writeFileSync(path.join(root, "public/build/manifest-ABCD1234.js"), `window.__remixManifest=${JSON.stringify(MANIFEST)};`);
  mkdirSync(path.join(root, "build"));
  writeFileSync(path.join(root, "build/metafile.js.json"), JSON.stringify({ outputs }));
  writeFileSync(
    path.join(root, "build/index.js"),
    `var before = 1;\nvar assets_manifest_default = ${JSON.stringify(MANIFEST)};\nexport { assets_manifest_default as assets };\n`,
  );
  await regroupBuild(root);
  manifest = readManifest(readFileSync(path.join(root, "public/build/manifest-ABCD1234.js"), "utf8"));
  serverBuild = readFileSync(path.join(root, "build/index.js"), "utf8");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("regrouping the browser build", () => {
  it("puts what every page loads in one framework file, the home page's small chunks in one more, its own code and big chunk in a third", () => {
    const home = manifest.routes["routes/_index/route"];
    expect(manifest.entry.imports).toEqual([expect.stringMatching(/^\/build\/_shared\/framework-[a-z0-9]+\.js$/)]);
    // Root's own chunk is in the framework file now: it lists nothing of its own.
    expect(manifest.routes.root.imports).toBeUndefined();
    expect(home.imports).toHaveLength(2);
    expect(home.imports).toContainEqual(expect.stringMatching(/^\/build\/_shared\/home-[a-z0-9]+\.js$/));
    // The route's code and the big chunk it imports are one file; the route's module re-exports from it.
    const feed = home.imports!.find((url) => /^\/build\/_shared\/feed-[a-z0-9]+\.js$/.test(url));
    expect(feed).toBeDefined();
    expect(readFileSync(fileOf(feed!), "utf8")).toContain("xxxx");
    expect(readFileSync(fileOf(feed!), "utf8")).toContain("function Home");
    expect(readFileSync(fileOf(home.module), "utf8")).not.toContain("function");
    // A screen that shares a small chunk and the big one with the home page loads the home group and the feed file.
    const sendPost = manifest.routes["routes/send-post"].imports!;
    expect(sendPost.filter((url) => home.imports!.includes(url))).toHaveLength(2);
  });

  it("leaves the home route's big chunks files of their own when one is a library's (the card's screens would load it)", () => {
    const library = "/build/_shared/chunk-LIBRARYA.js";
    const withLibrary: AssetsManifest = {
      ...MANIFEST,
      routes: {
        ...MANIFEST.routes,
        "routes/_index/route": {
          ...MANIFEST.routes["routes/_index/route"],
          imports: [...MANIFEST.routes["routes/_index/route"].imports!, library],
        },
      },
    };
    const bytesOf = (url: string) => (url === library ? HOME_GROUP_MAX_BYTES * 2 : (FILES[url.replace("/build/", "")]?.length ?? 0));
    const inputsOf = (url: string) => [url === library ? "node_modules/chart-library/index.js" : `app${url}`];
    const groups = chunkGroups(withLibrary, bytesOf, inputsOf);
    expect(groups.get(library)).toBeUndefined();
    expect(groups.get("/build/_shared/chunk-CARDAAAA.js")).toBeUndefined();
    expect(groups.get(MANIFEST.routes["routes/_index/route"].module)).toBeUndefined();
    expect(chunkGroups(MANIFEST, bytesOf, inputsOf).get("/build/_shared/chunk-CARDAAAA.js")).toBe("feed");
  });

  it("puts the empty stubs of server modules, shared by several screens, in one file", () => {
    const stubs = manifest.routes["routes/contacts"].imports!;
    expect(stubs).toEqual([expect.stringMatching(/^\/build\/_shared\/server-stubs-[a-z0-9]+\.js$/)]);
    expect(manifest.routes["routes/send-post"].imports).toContain(stubs[0]);
    expect(manifest.routes["routes/send-post"].imports).toHaveLength(3);
  });

  it("puts the business's screens' small chunks in one workspace file, but not one that would make them all load a big chunk", () => {
    const settings = manifest.routes["routes/_app+/settings"].imports!;
    expect(settings).toEqual([expect.stringMatching(/^\/build\/_shared\/workspace-[a-z0-9]+\.js$/)]);
    // The forms chunk imports the big library chunk: both stay files of their own, loaded by the screen that needs them.
    const campaigns = manifest.routes["routes/_app+/campaigns"].imports!;
    expect(campaigns).toHaveLength(3);
    expect(campaigns).toContain(settings[0]);
    const own = campaigns.filter((url) => url !== settings[0]);
    for (const url of own) expect(url).toMatch(/^\/build\/_shared\/chunk-[a-z0-9]+\.js$/);
    expect(own.filter((url) => readFileSync(fileOf(url), "utf8").includes("zzzz"))).toHaveLength(1);
    expect(readFileSync(fileOf(settings[0]), "utf8")).not.toContain("zzzz");
  });

  it("leaves only files the manifest names, with new content-hash names, and every one exists", () => {
    const urls = [
      manifest.entry.module,
      ...manifest.entry.imports,
      ...Object.values(manifest.routes).flatMap((one) => [one.module, ...(one.imports ?? [])]),
    ];
    for (const url of urls) expect(existsSync(fileOf(url)), url).toBe(true);
    const scripts = readdirSync(path.join(root, "public/build"), { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".js"),
    );
    expect(scripts.filter((file) => /-[A-Z]{8}\.js$/.test(file) && !file.startsWith("manifest-"))).toEqual([]);
    expect(manifest.version).toBe("abcd1234");
    expect(manifest.routes["routes/_index/route"].hasLoader).toBe(true);
  });

  it("writes the same manifest into the server build", () => {
    expect(serverBuild).toContain(`var assets_manifest_default = ${JSON.stringify(manifest)};`);
    expect(serverBuild.startsWith("var before = 1;\n")).toBe(true);
  });

  it("keeps each module's exports and behaviour, the lazy part's too", async () => {
    expect((await importOf(manifest.routes.root.module)).default()).toBe("framework button");
    expect((await importOf(manifest.routes.root.module)).ErrorBoundary()).toBe("error");
    const home = await importOf(manifest.routes["routes/_index/route"].module);
    expect(home.default()).toBe("framework share time card");
    expect(home.meta()).toEqual([{ title: "Home" }]);
    expect((await home.lightbox()).default()).toBe("lightbox share");
    await importOf(manifest.entry.module);
    expect((globalThis as { hydrated?: string }).hydrated).toBe("framework");
    expect((await importOf(manifest.routes["routes/send-post"].module)).default()).toBe("framework time card session.server csrf.server");
    expect((await importOf(manifest.routes["routes/_app+/campaigns"].module)).default()).toBe("form parsed badge parsed");
  });

  it("lists what each new file holds for bundle-report", () => {
    const metafile = JSON.parse(readFileSync(path.join(root, "build/metafile.js.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const framework = Object.entries(metafile.outputs).find(([file]) => file.includes("/framework-"))!;
    expect(Object.keys(framework[1].inputs).sort()).toEqual(["app/_shared/chunk.tsx", "app/root.tsx"]);
    // A route's module that re-exports from its group names its source, at 0 bytes (the code is in the group).
    const homeModule = metafile.outputs[path.posix.join("public", manifest.routes["routes/_index/route"].module)];
    expect(homeModule.inputs).toEqual({ "app/routes/_index/route.tsx": { bytesInOutput: 0 } });
  });
});
