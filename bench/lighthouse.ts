/**
 * Lighthouse's accessibility score (or, with --category performance, its performance score on its
 * default simulated slow 4G and 4× slower CPU) of the pages a business and its visitors use most, on
 * a phone 412 px wide: /, /app, /contacts and /send-post (and /auth), signed in as the demo business
 * (/auth and /login as a visitor: a session is sent on from there). Starts the
 * production server on PGlite with the demo data (a fresh temporary DATA_DIR), or with --url
 * audits a server already running (with the demo data: the demo account signs in). Each page is
 * audited --runs times (3), each run in a fresh headless Chromium (/usr/bin/chromium, or
 * CHROME_PATH; --no-sandbox --disable-gpu --disable-background-networking), one category; the
 * median score is printed with the audits that failed in any run (for performance, the metrics that
 * scored under 0.9). Target: >= 95 on every page.
 * Nothing is downloaded; the server, Chromium and the data dir it started are removed at the end.
 * Needs a build: run `npm run build` first (unless --url).
 *
 *   CHROME_PATH=/usr/bin/chromium npx tsx bench/lighthouse.ts
 *   npx tsx bench/lighthouse.ts --category performance --runs 5 --paths /,/auth,/app,/contacts,/send-post
 *   npx tsx bench/lighthouse.ts --url http://127.0.0.1:3000 --email demo@isent.example.in --password demo12345
 *
 * Flags: --category accessibility|performance (accessibility)  --runs N (3)  --port P (4150; Chromium
 *        debugs on P+1..P+3)  --paths a,b,c  --url BASE  --email E  --password W (the demo business)
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { BENCH_PORTS, DEMO_BUSINESS, intFlag, median, parseFlags, printTable, signIn, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const RUNS = Math.max(1, intFlag(flags, "runs", 3));
const PORT = intFlag(flags, "port", 4150);
if (PORT < BENCH_PORTS.min || PORT + 3 > BENCH_PORTS.max)
  throw new Error(`--port must leave P..P+3 within ${BENCH_PORTS.min}-${BENCH_PORTS.max}`);
const PATHS = (flags.get("paths") ?? "/,/app,/contacts,/send-post").split(",").filter(Boolean);
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const EMAIL = flags.get("email") ?? DEMO_BUSINESS.email;
const PASSWORD = flags.get("password") ?? DEMO_BUSINESS.password;
const SCORE_TARGET = 95;
const CATEGORY = flags.get("category") ?? "accessibility";
if (CATEGORY !== "accessibility" && CATEGORY !== "performance") throw new Error("--category must be accessibility or performance");
/** Pages a signed-in business is sent on from: audited as a visitor. */
const VISITOR_PAGES = new Set(["/auth", "/login"]);
/** One run of Lighthouse's CATEGORY on `url` in a fresh Chromium: the score and the audits that failed. */
async function audit(url: string, cookie: string, debugPort: number): Promise<{ score: number; failed: string[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    port: debugPort,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const exited = new Promise<void>((resolve) => {
    if (chrome.process.exitCode !== null) resolve();
    else chrome.process.once("exit", () => resolve());
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [CATEGORY], extraHeaders: cookie ? { Cookie: cookie } : {} },
      {
        extends: "lighthouse:default",
        settings: {
          formFactor: "mobile",
          screenEmulation: { mobile: true, width: 412, height: 915, deviceScaleFactor: 2.625, disabled: false },
          // Accessibility does not depend on the network's speed; performance is scored on Lighthouse's own slow phone.
          throttlingMethod: CATEGORY === "accessibility" ? "provided" : "simulate",
        },
      },
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}: not signed in?`);
    }
    const category = lhr.categories[CATEGORY];
    const failed = category.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((one) =>
        CATEGORY === "accessibility"
          ? one.score !== null && one.score < 1 && one.scoreDisplayMode === "binary"
          : one.score !== null && one.score < 0.9 && one.scoreDisplayMode === "numeric",
      )
      .map((one) => {
        const items = (one.details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items ?? [];
        const nodes = items
          .map((item) => item.node?.snippet)
          .filter(Boolean)
          .slice(0, 3);
        return `${one.id}${one.displayValue ? ` ${one.displayValue}` : ""}${nodes.length ? `: ${nodes.join(" | ")}` : ""}`;
      });
    return { score: Math.round((category.score ?? 0) * 100), failed };
  } finally {
    chrome.kill();
    await exited;
  }
}

/** A run whose trace Lighthouse could not record (NO_NAVSTART on a busy machine) is run again, once. */
async function auditOnce(url: string, cookie: string, debugPort: number) {
  try {
    return await audit(url, cookie, debugPort);
  } catch (error) {
    console.log(`  ${url}: ${error instanceof Error ? error.message : String(error)}; once more`);
    return audit(url, cookie, debugPort);
  }
}

let server: DemoServer | undefined;
let exitCode = 0;
try {
  let base = flags.get("url")?.replace(/\/$/, "");
  if (!base) {
    server = await startDemoServer(PORT, "bench-a11y-");
    base = server.url;
  }
  const cookie = await signIn(base, { email: EMAIL, password: PASSWORD });
  console.log(`\nLighthouse ${CATEGORY} ${RUNS}× per page, mobile 412×915, signed in as ${EMAIL}, on ${base} with ${CHROME_PATH}`);
  const rows: Array<Array<string | number>> = [];
  for (const pagePath of PATHS) {
    const scores: number[] = [];
    const failed = new Set<string>();
    for (let run = 0; run < RUNS; run++) {
      const result = await auditOnce(`${base}${pagePath}`, VISITOR_PAGES.has(pagePath) ? "" : cookie, PORT + 1 + (run % 3));
      scores.push(result.score);
      for (const one of result.failed) failed.add(one);
      console.log(`  ${pagePath} run ${run + 1}: ${result.score}`);
    }
    const score = median(scores);
    if (score < SCORE_TARGET) exitCode = 1;
    rows.push([pagePath, scores.join(", "), score, `>= ${SCORE_TARGET}`, score >= SCORE_TARGET ? "PASS" : "FAIL"]);
    for (const one of failed) console.log(`    failed: ${one}`);
  }
  console.log("");
  printTable(["page", "runs", "median", "target", "result"], rows);
} catch (error) {
  console.error(error);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  await server?.stop();
}
process.exit(exitCode);
