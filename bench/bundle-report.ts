/**
 * The JavaScript each screen makes a phone download, and what it is made of. Starts the production
 * server on PGlite with the demo data (a fresh temporary DATA_DIR), then opens, each in a fresh
 * headless Chromium context (bench/first-screen.ts: every script fetched until the page goes quiet,
 * lazy chunks included, counted as sent with Accept-Encoding gzip):
 * - `/` as a first-time visitor; an offer must be on its first screen (the offer block is a lazy part);
 * - signed in as the demo business, every page under app/routes/_app+ and _account+ (the build's
 *   manifest; resource routes left out). A page that takes a parameter is opened at the first link
 *   to it found on the pages opened before it; one that answers an error when opened bare (/success
 *   wants ?post=) is opened again at such a link. An order's page comes from buying a pack through
 *   the built-in test gateway first. A page whose own screen is an error (/credits/callback without
 *   the gateway's signed parameters) is measured as it answers; the status column says so.
 * Budgets (scripts/check-bundle-budget.ts): `/` <= 90 KB, every signed-in screen <= 150 KB; a row over
 * it FAILs (exit code 1). Beside each row, the count CI judges without a browser (the scripts the
 * page's HTML names, from the build); a row where they differ says so (a lazy part loaded with the
 * first screen). Then, for each --detail screen, every chunk it loaded with the source modules inside
 * (esbuild's metafile, build/metafile.js.json: bytes in esbuild's output, before terser). Needs a
 * build: run `npm run build` first.
 *
 *   npx tsx bench/bundle-report.ts
 *   npx tsx bench/bundle-report.ts --only / --detail / --min 200 --port 4125
 *
 * Flags: --port P (4125)  --only a,b (these screens alone)  --detail a,b (/)  --min BYTES (200:
 *        modules smaller than this are summed as "(smaller)")
 */
import type { Browser } from "playwright-core";

import { budgetedScreens, checkBudgets, outputOf, readBuild, urlPattern } from "../scripts/check-bundle-budget";
import { firstScreen, launchChromium, type FirstScreen } from "./first-screen";
import { intFlag, parseFlags, printTable, ROOT, signIn, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const PORT = intFlag(flags, "port", 4125);
const minBytes = intFlag(flags, "min", 200);
const listFlag = (name: string) => flags.get(name)?.split(",").filter(Boolean);
const only = listFlag("only");
const detail = listFlag("detail") ?? ["/"];

const build = readBuild(ROOT);
const { manifest } = build;
/** What CI counts for each route without a browser (scripts/check-bundle-budget.ts): KB and files. */
const buildCount = new Map(checkBudgets(build).map((row) => [row.routeId, { kb: row.kb, files: row.files }]));

const [homeScreen, ...signedInScreens] = budgetedScreens(build);
const signedInPages = signedInScreens
  .map(({ routeId, pattern, budgetKb }) => ({ routeId, file: routeId.replace(/^routes\//, ""), pattern, budgetKb }))
  .sort((a, b) => Number(a.pattern.includes(":")) - Number(b.pattern.includes(":")) || a.pattern.localeCompare(b.pattern));

const staticPatterns = new Set(Object.values(manifest.routes).map((route) => urlPattern(manifest, route)));

/** The first link matching a page's pattern (not another page's fixed path: /campaigns/new is not a campaign). */
function linkFor(pattern: string, links: Set<string>, withQuery = false): string | undefined {
  const source = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/?]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  const matcher = new RegExp(`^${source}${withQuery ? "\\?.+" : ""}$`);
  return [...links].find((link) => matcher.test(link) && !(pattern.includes(":") && staticPatterns.has(link)));
}

/**
 * Buys the first pack on /credits through the built-in test gateway, as a browser's plain forms
 * would (same-origin posts): the order's page, /credits/orders/{id}, the gateway's callback sends to.
 */
async function orderPage(base: string, cookie: string): Promise<string> {
  const post = (url: string, fields: Record<string, string>) =>
    fetch(new URL(url, base), {
      method: "POST",
      headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const credits = await (await fetch(`${base}/credits`, { headers: { Cookie: cookie } })).text();
  const packId = /name="packId" value="([^"]+)"/.exec(credits)?.[1];
  if (!packId) throw new Error("no pack to buy on /credits");
  const gateway = (await post("/credits", { packId, idempotencyKey: crypto.randomUUID() })).headers.get("location");
  const callback = gateway && (await post(gateway, { intent: "pay" })).headers.get("location");
  const order =
    callback && (await fetch(new URL(callback, base), { headers: { Cookie: cookie }, redirect: "manual" })).headers.get("location");
  if (!order) throw new Error(`buying a pack through the test gateway went ${gateway} → ${callback} → nowhere`);
  return new URL(order, base).pathname;
}

type Row = { screen: string; routeId: string; file: string; budget: number; result?: FirstScreen; problem?: string };

async function measure(browser: Browser, base: string, row: Row, cookie: string, links: Set<string>) {
  row.problem = undefined;
  try {
    row.result = await firstScreen(browser, `${base}${row.screen}`, cookie);
    for (const link of row.result.links) links.add(link);
    if (row.result.finalPath !== row.screen.split("?")[0]) row.problem = `ended at ${row.result.finalPath}`;
  } catch (error) {
    row.problem = error instanceof Error ? error.message : String(error);
  }
}

function detailTable(row: Row) {
  const result = row.result!;
  const rows: string[][] = [];
  for (const script of [...result.scripts].sort((a, b) => b.bytes - a.bytes)) {
    rows.push([script.path, script.lazy ? "import()" : "up front", (script.bytes / 1024).toFixed(1), ""]);
    const byModule = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(outputOf(build, script.path)?.inputs ?? {})) {
      const name = input.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1").replace(/\?browser$/, "");
      byModule.set(name, (byModule.get(name) ?? 0) + bytesInOutput);
    }
    let smaller = 0;
    for (const [name, bytes] of [...byModule].sort((a, b) => b[1] - a[1])) {
      if (bytes < minBytes) smaller += bytes;
      else rows.push([`  ${name}`, "", "", String(bytes)]);
    }
    if (smaller) rows.push(["  (smaller)", "", "", String(smaller)]);
  }
  console.log(`\n${row.screen}: ${result.scripts.length} files, ${result.kb.toFixed(1)} KB gzip as sent\n`);
  printTable(["chunk / module", "loaded", "gzip KB", "esbuild bytes"], rows);
}

let server: DemoServer | undefined;
let browser: Browser | undefined;
let exitCode = 0;
try {
  server = await startDemoServer(PORT, "bench-bundle-");
  browser = await launchChromium();
  const cookie = await signIn(server.url);
  const links = new Set<string>([await orderPage(server.url, cookie)]);
  const rows: Row[] = [];
  const wanted = (screen: string) => !only || only.includes(screen);

  if (wanted("/")) {
    const row: Row = { screen: "/", routeId: homeScreen.routeId, file: "_index/route", budget: homeScreen.budgetKb };
    rows.push(row);
    await measure(browser, server.url, row, "", links);
    if (row.result && row.result.offersOnFirstScreen === 0) row.problem = "no offer on the first screen";
  }
  for (const page of signedInPages) {
    const screen = page.pattern.includes(":") ? linkFor(page.pattern, links) : page.pattern;
    if (!wanted(page.pattern) && !(screen && wanted(screen))) continue;
    const row: Row = { screen: screen ?? page.pattern, routeId: page.routeId, file: page.file, budget: page.budgetKb };
    rows.push(row);
    if (screen) await measure(browser, server.url, row, cookie, links);
    else row.problem = "no link to it on the screens opened before";
  }
  // Pages that want a query to show themselves, opened again at a link that has one.
  for (const row of rows) {
    const link = row.result && row.result.status !== 200 ? linkFor(row.screen, links, true) : undefined;
    if (link) {
      row.screen = link;
      await measure(browser, server.url, row, cookie, links);
    }
  }

  console.log(
    `\nJavaScript downloaded while the first screen loads (gzip as sent; / as a first visit, the rest signed in as the demo business)\n`,
  );
  printTable(
    ["screen", "status", "files", "lazy KB", "JS KB", "CI KB", "budget", "result", "route"],
    rows.map(({ screen, routeId, file, budget, result, problem }) => {
      const lazyKb = (result?.scripts ?? []).filter((script) => script.lazy).reduce((sum, script) => sum + script.bytes, 0) / 1024;
      const pass = !problem && result !== undefined && result.kb <= budget;
      if (!pass) exitCode = 1;
      const counted = buildCount.get(routeId);
      const agrees = !result || !counted || (counted.kb === result.kb && counted.files === result.scripts.length);
      return [
        screen.length > 40 ? `${screen.slice(0, 39)}…` : screen,
        result ? String(result.status) : "-",
        result ? String(result.scripts.length) : "-",
        result ? lazyKb.toFixed(1) : "-",
        result ? result.kb.toFixed(1) : "-",
        counted ? `${agrees ? "" : "≠ "}${counted.kb.toFixed(1)}` : "-",
        `<= ${budget}`,
        pass ? "PASS" : `FAIL${problem ? ` (${problem})` : ""}`,
        file,
      ];
    }),
  );
  console.log("\nCI KB: what scripts/check-bundle-budget.ts counts from the build (≠ where it differs from Chromium's count).");
  const home = rows.find((row) => row.screen === "/");
  if (home?.result) console.log(`\n/ had ${home.result.offersOnFirstScreen} offer(s) on its first screen.`);
  for (const row of rows) if (detail.includes(row.screen) && row.result) detailTable(row);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
  process.exitCode = exitCode;
}
