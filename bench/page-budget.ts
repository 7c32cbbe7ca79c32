/**
 * What the home page costs a phone: starts the production server on PGlite
 * with the demo data (a fresh temporary DATA_DIR prepared with
 * `tsx scripts/db-setup.ts`, then `tsx server/index.ts`), fetches `/`,
 * and sums the bytes the server sends, gzipped (Accept-Encoding: gzip), for
 * every JS file the HTML references (<script src>, <link rel="modulepreload">
 * and imports in inline module scripts) and for the HTML itself; brotli sizes
 * are shown beside them. Targets: JS <= 90 KB gz, HTML <= 30 KB gz. Then runs Lighthouse
 * (performance only, default mobile config with simulated throttling) 5 times in
 * headless Chromium (/usr/bin/chromium, or CHROME_PATH) and reports the median
 * score, LCP, TBT and CLS. Target: score >= 95. Nothing is downloaded; the
 * server, Chromium's debugging port and the data dir are removed at the end.
 * Needs a build: run `npm run build` first.
 *
 *   npx tsx bench/page-budget.ts
 *   npx tsx bench/page-budget.ts --runs 5 --port 4120 --path "/?lat=12.97&lon=77.59"
 *
 * Flags: --runs N (5)  --port P (4120; Chromium debugs on P+1..P+5)  --path URL-PATH (/)
 *        --no-lighthouse (sizes only)
 */
import { get } from "node:http";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { intFlag, parseFlags, printTable, sleep, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const RUNS = Math.max(1, intFlag(flags, "runs", 5));
const PORT = intFlag(flags, "port", 4120);
if (PORT < 4100 || PORT + 5 > 4199) throw new Error("--port must leave P..P+5 within 4100-4199");
const PAGE_PATH = flags.get("path") ?? "/";
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const JS_BUDGET_KB = 90;
const HTML_BUDGET_KB = 30;
const SCORE_TARGET = 95;

/** The body's size as sent (not decoded) when the client accepts only `encoding`. */
function wireKb(url: string, encoding: "gzip" | "br"): Promise<{ kb: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      response.on("end", () => resolve({ kb: bytes / 1024, encoding: response.headers["content-encoding"] ?? "identity" }));
      response.on("error", reject);
    }).on("error", reject);
  });
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Runs a command to completion (bounded), inheriting nothing but the given env. */
/** Every JS URL the page makes the browser load up front. */
function referencedScripts(html: string, base: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imported of match[1].matchAll(/(?:import\s*\(|from)\s*["']([^"']+\.js)["']/g)) urls.add(imported[1]);
  }
  return [...urls].map((url) => new URL(url.replaceAll("&amp;", "&"), base).toString());
}

let server: DemoServer | undefined;
let exitCode = 0;
try {
  server = await startDemoServer(PORT, "bench-page-");
  const pageUrl = `${server.url}${PAGE_PATH}`;

  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`${PAGE_PATH} answered ${response.status}`);
  const html = await response.text();
  const scripts = referencedScripts(html, pageUrl);
  const rows: Array<Array<string | number>> = [];
  let jsKb = 0;
  let jsBrotliKb = 0;
  for (const url of scripts) {
    const gzip = await wireKb(url, "gzip");
    const brotli = await wireKb(url, "br");
    jsKb += gzip.kb;
    jsBrotliKb += brotli.kb;
    rows.push([new URL(url).pathname, `${gzip.kb.toFixed(1)} (${gzip.encoding})`, `${brotli.kb.toFixed(1)} (${brotli.encoding})`]);
  }
  const htmlKb = (await wireKb(pageUrl, "gzip")).kb;
  rows.sort((a, b) => parseFloat(String(b[1])) - parseFloat(String(a[1])));
  console.log(`\nGET ${PAGE_PATH}: ${scripts.length} JS files, KB as sent\n`);
  printTable(["file", "gzip KB", "brotli KB"], rows);
  console.log("");
  const jsPass = jsKb <= JS_BUDGET_KB;
  const htmlPass = htmlKb <= HTML_BUDGET_KB;
  printTable(
    ["budget", "gzip KB as sent", "target KB", "result"],
    [
      ["JS total", `${jsKb.toFixed(1)} (brotli ${jsBrotliKb.toFixed(1)})`, `<= ${JS_BUDGET_KB}`, jsPass ? "PASS" : "FAIL"],
      [
        "HTML",
        `${htmlKb.toFixed(1)} (raw ${(Buffer.byteLength(html) / 1024).toFixed(1)})`,
        `<= ${HTML_BUDGET_KB}`,
        htmlPass ? "PASS" : "FAIL",
      ],
    ],
  );
  if (!jsPass || !htmlPass) exitCode = 1;

  if (!flags.has("no-lighthouse")) {
    const scores: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    const cls: number[] = [];
    console.log(`\nLighthouse ${RUNS}× (performance, mobile, simulated throttling) on ${pageUrl} with ${CHROME_PATH}`);
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      // A fresh Chromium (and profile) per run, each on its own debugging port in the bench range.
      const chrome = await chromeLauncher.launch({
        chromePath: CHROME_PATH,
        port: PORT + 1 + (runIndex % 5),
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
      });
      const exited = new Promise<void>((resolve) => {
        if (chrome.process.exitCode !== null) resolve();
        else chrome.process.once("exit", () => resolve());
      });
      try {
        const result = await lighthouse(pageUrl, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        if (!result) throw new Error("Lighthouse returned no result");
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
        const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
        scores.push(score);
        lcp.push(lhr.audits["largest-contentful-paint"].numericValue ?? NaN);
        tbt.push(lhr.audits["total-blocking-time"].numericValue ?? NaN);
        cls.push(lhr.audits["cumulative-layout-shift"].numericValue ?? NaN);
        console.log(
          `  run ${runIndex + 1}: score ${score}, LCP ${Math.round(lcp.at(-1)!)} ms, TBT ${Math.round(tbt.at(-1)!)} ms, CLS ${cls.at(-1)!.toFixed(3)}`,
        );
      } catch (error) {
        console.log(`  run ${runIndex + 1}: failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        chrome.kill();
        await Promise.race([exited, sleep(10_000)]);
      }
    }
    if (scores.length * 2 < RUNS) throw new Error(`only ${scores.length} of ${RUNS} Lighthouse runs succeeded`);
    const scorePass = median(scores) >= SCORE_TARGET;
    if (!scorePass) exitCode = 1;
    console.log("");
    printTable(
      [`lighthouse (median of ${scores.length})`, "value", "target", "result"],
      [
        ["performance score", median(scores), `>= ${SCORE_TARGET}`, scorePass ? "PASS" : "FAIL"],
        ["LCP ms", Math.round(median(lcp)), "", ""],
        ["TBT ms", Math.round(median(tbt)), "", ""],
        ["CLS", median(cls).toFixed(3), "", ""],
      ],
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  exitCode = 1;
} finally {
  await server?.stop();
  process.exitCode = exitCode;
}
