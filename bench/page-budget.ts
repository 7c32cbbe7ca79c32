/**
 * What the pages cost a phone. Starts the production server on PGlite with the demo data (a fresh
 * temporary DATA_DIR prepared with `tsx scripts/db-setup.ts`, then `tsx server/index.ts`), then:
 * - the JavaScript of --path (`/`) as headless Chromium downloads it while the first screen loads,
 *   as a first-time visitor (bench/first-screen.ts: every script requested, lazy chunks included,
 *   gzip as sent; brotli sizes beside them, fetched apart), and the HTML, gzipped as sent.
 *   Targets: JS <= 90 KB gz, HTML <= 30 KB gz; on `/` an offer must be on the first screen.
 * - Lighthouse (performance only, a phone 412×915 with simulated slow 4G and 4× slower CPU;
 *   bench/lighthouse-run.ts, shared with lighthouse.ts), --runs times (5) on each row of --pages,
 *   each run in a fresh headless Chromium (/usr/bin/chromium, or CHROME_PATH), each row as the
 *   people who open it: `/` and `/?lat=12.97&lon=77.59` as a first visit (no cookie: on `/` the
 *   first-visit note must show), `/` as a returning visitor (the first visit's anon_id and the
 *   intro_seen cookie of 'Okay' on the note: the note must not show), /auth as a visitor, /app,
 *   /contacts and /send-post signed in as the demo business (its session cookie on every request).
 *   Per row the medians of the score, TBT, TTI, LCP, CLS, the long tasks' count and the longest,
 *   and the 3 longest tasks (with the script Lighthouse attributes each to) of the run with the
 *   median TBT. Targets: score >= 95 on every row; first visits and the returning visitor also
 *   TBT <= 200 ms and TTI <= 3.5 s.
 * Exits 1 when a target fails.
 * Nothing is downloaded; the server, Chromium and the data dir are removed at the end. Needs a
 * build: run `npm run build` first.
 *
 *   CHROME_PATH=/usr/bin/chromium npx tsx bench/page-budget.ts
 *   npx tsx bench/page-budget.ts --runs 5 --port 4120 --pages "/,returning:/,/app" --path "/?lat=12.97&lon=77.59"
 *
 * Flags: --runs N (5)  --port P (4120; Chromium debugs on P+1..P+5)  --path URL-PATH (/)  --no-lighthouse (sizes only)
 *        --pages (or --paths) [AS:]PATH,… (/,/?lat=12.97&lon=77.59,returning:/,/auth,/app,/contacts,/send-post):
 *          AS is visitor (a first visit, no cookie), returning or business; without it a page that
 *          sends a visitor without a session to sign in is audited as business, any other as visitor.
 *          Quote the list in a shell (`?`, `&`).
 */
import { get } from "node:http";

import { firstScreen, launchChromium } from "./first-screen";
import { BENCH_PORTS, intFlag, parseFlags, printTable, signIn, startDemoServer, type DemoServer } from "./lib";
import { auditPages, DEFAULT_PAGES, resolvePages } from "./lighthouse-run";

const flags = parseFlags();
const RUNS = Math.max(1, intFlag(flags, "runs", 5));
const PORT = intFlag(flags, "port", 4120);
if (PORT < BENCH_PORTS.min || PORT + 5 > BENCH_PORTS.max) {
  throw new Error(`--port must leave P..P+5 within ${BENCH_PORTS.min}-${BENCH_PORTS.max}`);
}
const PAGE_PATH = flags.get("path") ?? "/";
const PAGES = flags.get("pages") ?? flags.get("paths") ?? DEFAULT_PAGES;
const JS_BUDGET_KB = 90;
const HTML_BUDGET_KB = 30;

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

let server: DemoServer | undefined;
let exitCode = 0;
try {
  server = await startDemoServer(PORT, "bench-page-");
  if (!(await budgets(server.url))) exitCode = 1;
  if (!flags.has("no-lighthouse")) {
    const base = server.url;
    const pass = await auditPages(base, await resolvePages(base, PAGES), {
      category: "performance",
      runs: RUNS,
      debugPorts: [1, 2, 3, 4, 5].map((offset) => PORT + offset),
      businessCookie: () => signIn(base),
    });
    if (!pass) exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  exitCode = 1;
} finally {
  await server?.stop();
  process.exitCode = exitCode;
}
