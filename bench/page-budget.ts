/**
 * What the pages cost a phone. Starts the production server on PGlite with the demo data (a fresh
 * temporary DATA_DIR prepared with `tsx scripts/db-setup.ts`, then `tsx server/index.ts`), then:
 * - the JavaScript of --path (`/`) as headless Chromium downloads it while the first screen loads,
 *   as a first-time visitor (bench/first-screen.ts: every script requested, lazy chunks included,
 *   gzip as sent; brotli sizes beside them, fetched apart), and the HTML, gzipped as sent.
 *   Targets: JS <= 90 KB gz, HTML <= 30 KB gz; on `/` an offer must be on the first screen.
 * - Lighthouse (performance only, default mobile config with simulated throttling), --runs times
 *   (5) on each of --pages, each run in a fresh headless Chromium (/usr/bin/chromium, or
 *   CHROME_PATH): the median score, LCP, TBT and CLS. A page that sends a visitor without a session
 *   to sign in is audited signed in as the demo business (its session cookie on every request).
 *   Target: median score >= 95 on every page.
 * Nothing is downloaded; the server, Chromium and the data dir are removed at the end. Needs a
 * build: run `npm run build` first.
 *
 *   CHROME_PATH=/usr/bin/chromium npx tsx bench/page-budget.ts
 *   npx tsx bench/page-budget.ts --runs 5 --port 4120 --pages /,/app --path "/?lat=12.97&lon=77.59"
 *
 * Flags: --runs N (5)  --port P (4120; Chromium debugs on P+1..P+5)  --path URL-PATH (/)
 *        --pages a,b (/,/auth,/app,/contacts,/send-post)  --no-lighthouse (sizes only)
 */
import { get } from "node:http";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { CHROME_FLAGS, CHROME_PATH, firstScreen, launchChromium } from "./first-screen";
import { BENCH_PORTS, intFlag, median, parseFlags, printTable, signIn, sleep, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const RUNS = Math.max(1, intFlag(flags, "runs", 5));
const PORT = intFlag(flags, "port", 4120);
if (PORT < BENCH_PORTS.min || PORT + 5 > BENCH_PORTS.max) {
  throw new Error(`--port must leave P..P+5 within ${BENCH_PORTS.min}-${BENCH_PORTS.max}`);
}
const PAGE_PATH = flags.get("path") ?? "/";
const PAGES = (flags.get("pages") ?? "/,/auth,/app,/contacts,/send-post").split(",").filter(Boolean);
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

/** The JS and HTML budgets of one page; false when one is over. */
async function budgets(base: string): Promise<boolean> {
  const pageUrl = `${base}${PAGE_PATH}`;
  const browser = await launchChromium();
  const screen = await firstScreen(browser, pageUrl).finally(() => browser.close());
  if (screen.status !== 200) throw new Error(`${PAGE_PATH} answered ${screen.status}`);
  const rows: Array<Array<string | number>> = [];
  let brotliKb = 0;
  for (const script of [...screen.scripts].sort((a, b) => b.bytes - a.bytes)) {
    const brotli = await wireKb(`${base}${script.path}`, "br");
    brotliKb += brotli.kb;
    rows.push([
      script.path,
      script.lazy ? "import()" : "up front",
      `${(script.bytes / 1024).toFixed(1)} (${script.encoding})`,
      `${brotli.kb.toFixed(1)} (${brotli.encoding})`,
    ]);
  }
  const html = await wireKb(pageUrl, "gzip");
  console.log(`\nGET ${PAGE_PATH} as a first visit: ${screen.scripts.length} JS files while the first screen loads, KB as sent\n`);
  printTable(["file", "loaded", "gzip KB", "brotli KB"], rows);
  console.log("");
  const offerNeeded = PAGE_PATH === "/";
  const jsPass = screen.kb <= JS_BUDGET_KB && (!offerNeeded || screen.offersOnFirstScreen > 0);
  const htmlPass = html.kb <= HTML_BUDGET_KB;
  printTable(
    ["budget", "gzip KB as sent", "target KB", "result"],
    [
      [
        `JS total${offerNeeded ? ` (${screen.offersOnFirstScreen} offers on the first screen)` : ""}`,
        `${screen.kb.toFixed(1)} (brotli ${brotliKb.toFixed(1)})`,
        `<= ${JS_BUDGET_KB}`,
        jsPass ? "PASS" : "FAIL",
      ],
      [`HTML (${html.encoding})`, html.kb.toFixed(1), `<= ${HTML_BUDGET_KB}`, htmlPass ? "PASS" : "FAIL"],
    ],
  );
  return jsPass && htmlPass;
}

/** One Lighthouse performance run in a fresh Chromium. */
async function audit(url: string, cookie: string, debugPort: number) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    port: debugPort,
    chromeFlags: ["--headless=new", ...CHROME_FLAGS],
  });
  const exited = new Promise<void>((resolve) => {
    if (chrome.process.exitCode !== null) resolve();
    else chrome.process.once("exit", () => resolve());
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`ended at ${lhr.finalDisplayedUrl}`);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
      tbt: lhr.audits["total-blocking-time"].numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
    await Promise.race([exited, sleep(10_000)]);
  }
}

/** Whether a visitor without a session is sent to sign in (/auth, or /login as the workspace says it). */
async function needsSession(url: string): Promise<boolean> {
  const response = await fetch(url, { redirect: "manual" });
  const location = response.headers.get("location");
  return location !== null && ["/auth", "/login"].includes(new URL(location, url).pathname);
}

async function lighthouseRuns(base: string): Promise<boolean> {
  const cookie = await signIn(base);
  console.log(`\nLighthouse ${RUNS}× per page (performance, mobile, simulated throttling) on ${base} with ${CHROME_PATH}`);
  const rows: Array<Array<string | number>> = [];
  let allPass = true;
  for (const pagePath of PAGES) {
    const url = `${base}${pagePath}`;
    const signedIn = await needsSession(url);
    const runs: Array<Awaited<ReturnType<typeof audit>>> = [];
    // A run Lighthouse could not record (NO_NAVSTART on a loaded machine) is run again, up to RUNS more times.
    for (let run = 0; runs.length < RUNS && run < 2 * RUNS; run++) {
      try {
        const result = await audit(url, signedIn ? cookie : "", PORT + 1 + (run % 5));
        runs.push(result);
        console.log(
          `  ${pagePath} run ${run + 1}: score ${result.score}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}`,
        );
      } catch (error) {
        console.log(`  ${pagePath} run ${run + 1}: failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (runs.length < RUNS) throw new Error(`only ${runs.length} of ${RUNS} Lighthouse runs of ${pagePath} succeeded`);
    const score = median(runs.map((one) => one.score));
    const pass = score >= SCORE_TARGET;
    allPass &&= pass;
    rows.push([
      `${pagePath}${signedIn ? " (signed in)" : ""}`,
      runs.map((one) => one.score).join(", "),
      score,
      Math.round(median(runs.map((one) => one.lcp))),
      Math.round(median(runs.map((one) => one.tbt))),
      median(runs.map((one) => one.cls)).toFixed(3),
      `>= ${SCORE_TARGET}`,
      pass ? "PASS" : "FAIL",
    ]);
  }
  console.log("");
  printTable(["page", "scores", "median", "LCP ms", "TBT ms", "CLS", "target", "result"], rows);
  return allPass;
}

let server: DemoServer | undefined;
let exitCode = 0;
try {
  server = await startDemoServer(PORT, "bench-page-");
  if (!(await budgets(server.url))) exitCode = 1;
  if (!flags.has("no-lighthouse") && !(await lighthouseRuns(server.url))) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  exitCode = 1;
} finally {
  await server?.stop();
  process.exitCode = exitCode;
}
