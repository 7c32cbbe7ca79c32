/**
 * Lighthouse on the pages of a running server, as lighthouse.ts and page-budget.ts run it: each run
 * in a fresh headless Chromium (/usr/bin/chromium, or CHROME_PATH; first-screen.ts's flags), a phone
 * 412×915 (formFactor mobile), one category; performance on Lighthouse's simulated slow 4G and 4×
 * slower CPU, accessibility with no throttling. Not a bench itself.
 *
 * A page list is comma-separated rows, each `[AS:]PATH` (quote it in a shell: `?` and `&`):
 * - `visitor:` a first visit: no cookie at all (Chromium's profile is fresh, so none from before);
 * - `returning:` a returning visitor: the cookies a first visit got (a plain GET of `/`: its
 *   `anon_id`) and the `intro_seen` cookie 'Okay' on the first-visit note sets (POST /intro), sent
 *   as the Cookie header on every request. The server shows the note until `intro_seen` is there
 *   (app/utils/visitor.server.ts: hasSeenIntro), so `anon_id` alone would still be a first screen;
 * - `business:` signed in as the demo business (its session cookie on every request);
 * - no `AS:`: `business:` when the server sends a visitor without a session to sign in, else `visitor:`.
 * On `/` (any query), the HTML is checked before Lighthouse runs: the first-visit note must be on a
 * first visit's page and absent from the returning visitor's (who must not be handed a new anon_id).
 *
 * Per row, the medians of the runs: the score; for performance also TBT, TTI, LCP, CLS and the long
 * tasks (Lighthouse's `long-tasks` audit: top-level main-thread tasks of 50 ms or more, their
 * simulated durations), with the 3 longest tasks of the run with the median TBT and the script each
 * is attributed to. Targets: score >= 95 on every row; visitors (first visit and returning) also
 * TBT <= 200 ms and TTI <= 3.5 s.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { CHROME_FLAGS, CHROME_PATH } from "./first-screen";
import { median, printTable, sleep } from "./lib";

export type Category = "accessibility" | "performance";
export type Audience = "visitor" | "returning" | "business";
export type PageRow = { path: string; as: Audience };

/** The rows both benches audit unless told otherwise. */
export const DEFAULT_PAGES = "/,/?lat=12.97&lon=77.59,returning:/,/auth,/app,/contacts,/send-post";
export const TARGETS = { score: 95, tbtMs: 200, ttiMs: 3_500 };
const AUDIENCES: Audience[] = ["visitor", "returning", "business"];
const LABELS: Record<Audience, string> = { visitor: "first visit", returning: "returning visitor", business: "signed in" };
/** What only the first-visit note (app/components/feed/first-visit-note.tsx) puts in the HTML. */
const FIRST_VISIT_NOTE = ["first-visit-note", "Like the posts to promote local businesses"];

export type LongTask = { url: string; ms: number };
export type Run = {
  score: number;
  /** Audits that failed: accessibility's binary ones under 1, performance's metrics under 0.9. */
  failed: string[];
  tbtMs: number;
  ttiMs: number;
  lcpMs: number;
  cls: number;
  longTaskCount: number;
  /** The longest first (Lighthouse lists up to 20). */
  longTasks: LongTask[];
};

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The long-tasks audit's rows (longest first) and how many long tasks there were in all. */
function longTasksOf(lhr: Lhr, origin: string): { count: number; tasks: LongTask[] } {
  const details = lhr.audits["long-tasks"]?.details as
    { items?: Array<{ url?: string; duration?: number }>; debugData?: { tasks?: unknown[] } } | undefined;
  const tasks = (details?.items ?? []).map((item) => ({
    url: item.url?.startsWith(origin) ? item.url.slice(origin.length) : (item.url ?? "?"),
    ms: item.duration ?? NaN,
  }));
  return { count: details?.debugData?.tasks?.length ?? tasks.length, tasks };
}

/** The failed audits of `category`, with up to 3 of the nodes each names. */
function failedAudits(lhr: Lhr, category: Category): string[] {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((one) =>
      category === "accessibility"
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
}

/** One Lighthouse run of `category` on `url` in a fresh Chromium debugging on `debugPort`. */
export async function runLighthouse(url: string, category: Category, cookie: string, debugPort: number): Promise<Run> {
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
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [category], extraHeaders: cookie ? { Cookie: cookie } : {} },
      {
        extends: "lighthouse:default",
        settings: {
          formFactor: "mobile",
          screenEmulation: { mobile: true, width: 412, height: 915, deviceScaleFactor: 2.625, disabled: false },
          // Accessibility does not depend on the network's speed; performance is scored on Lighthouse's own slow phone.
          throttlingMethod: category === "accessibility" ? "provided" : "simulate",
        },
      },
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`ended at ${lhr.finalDisplayedUrl}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const longTasks = longTasksOf(lhr, new URL(url).origin);
    return {
      score: Math.round((lhr.categories[category].score ?? 0) * 100),
      failed: failedAudits(lhr, category),
      tbtMs: metric("total-blocking-time"),
      ttiMs: metric("interactive"),
      lcpMs: metric("largest-contentful-paint"),
      cls: metric("cumulative-layout-shift"),
      longTaskCount: longTasks.count,
      longTasks: longTasks.tasks,
    };
  } finally {
    chrome.kill();
    await Promise.race([exited, sleep(10_000)]);
  }
}

/** `[AS:]PATH,…` as rows; a row without AS is `business` when `url` sends a visitor without a session to sign in. */
export async function resolvePages(base: string, spec: string): Promise<PageRow[]> {
  const rows: PageRow[] = [];
  for (const entry of spec.split(",").filter(Boolean)) {
    const colon = entry.startsWith("/") ? -1 : entry.indexOf(":");
    const as = colon > 0 ? entry.slice(0, colon) : "";
    const path = colon > 0 ? entry.slice(colon + 1) : entry;
    if (!path.startsWith("/")) throw new Error(`${entry}: a page is [visitor:|returning:|business:]/path`);
    if (as && !AUDIENCES.includes(as as Audience)) throw new Error(`${entry}: ${as} is not one of ${AUDIENCES.join(", ")}`);
    rows.push({ path, as: (as as Audience) || ((await needsSession(`${base}${path}`)) ? "business" : "visitor") });
  }
  return rows;
}

/** Whether a visitor without a session is sent to sign in (/auth, or /login as the workspace says it). */
async function needsSession(url: string): Promise<boolean> {
  const response = await fetch(url, { redirect: "manual" });
  await response.body?.cancel();
  const location = response.headers.get("location");
  return location !== null && ["/auth", "/login"].includes(new URL(location, url).pathname);
}

export function rowLabel(row: PageRow): string {
  return `${row.path} (${LABELS[row.as]})`;
}

/** The `name=value` parts of a response's Set-Cookie headers. */
function setCookies(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
}

/**
 * A returning visitor's Cookie header: what a plain first GET of `/` set (at least anon_id) and the
 * intro_seen cookie that 'Okay' on the first-visit note sets (the form posts to /intro without JavaScript).
 */
export async function returningVisitorCookie(base: string): Promise<string> {
  const first = await fetch(`${base}/`, { redirect: "manual" });
  await first.body?.cancel();
  const cookies = setCookies(first);
  if (first.status !== 200 || !cookies.some((cookie) => cookie.startsWith("anon_id="))) {
    throw new Error(`A first visit to / answered ${first.status} with Set-Cookie ${cookies.join("; ") || "(none)"}: no anon_id`);
  }
  const okay = await fetch(`${base}/intro`, {
    method: "POST",
    headers: { Origin: base, Cookie: cookies.join("; "), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ returnTo: "/" }),
    redirect: "manual",
  });
  await okay.body?.cancel();
  const seen = setCookies(okay).filter((cookie) => cookie.startsWith("intro_seen="));
  if (okay.status !== 303 || seen.length === 0)
    throw new Error(`'Okay' on the first-visit note answered ${okay.status} without intro_seen`);
  return [...cookies, ...seen].join("; ");
}

/**
 * On `/`: the first-visit note must be on a first visit's HTML and not on a returning visitor's,
 * who must not be handed a new visitor id either (else the rows would not measure what they say).
 */
async function checkFirstVisitNote(base: string, row: PageRow, cookie: string): Promise<void> {
  if (new URL(row.path, base).pathname !== "/" || row.as === "business") return;
  const response = await fetch(`${base}${row.path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const html = await response.text();
  const shown = FIRST_VISIT_NOTE.filter((text) => html.includes(text));
  const problem =
    response.status !== 200
      ? `answered ${response.status}`
      : row.as === "visitor" && shown.length === 0
        ? "has no first-visit note"
        : row.as === "returning" && shown.length > 0
          ? `still shows the first-visit note (${shown.join(", ")})`
          : row.as === "returning" && setCookies(response).some((one) => one.startsWith("anon_id="))
            ? "was handed a new anon_id: the server did not recognise the visitor"
            : "";
  if (problem) throw new Error(`${rowLabel(row)} ${problem}: this row would not measure what its label says`);
}

export type AuditOptions = {
  category: Category;
  runs: number;
  /** Chromium debugs on these, in turn. */
  debugPorts: number[];
  /** The demo business's session cookie, asked for only when a row needs it. */
  businessCookie: () => Promise<string>;
};

/**
 * Lighthouse `runs` times on each row (a run Lighthouse could not record, e.g. NO_NAVSTART on a busy
 * machine, is run again: up to `runs` more in all), then the table. True when every row met its targets.
 */
export async function auditPages(base: string, rows: PageRow[], options: AuditOptions): Promise<boolean> {
  const { category, runs: wanted } = options;
  const cookies: Record<Audience, string> = { visitor: "", returning: "", business: "" };
  if (rows.some((row) => row.as === "returning")) cookies.returning = await returningVisitorCookie(base);
  if (rows.some((row) => row.as === "business")) cookies.business = await options.businessCookie();
  for (const row of rows) await checkFirstVisitNote(base, row, cookies[row.as]);
  console.log(`\nLighthouse ${category} ${wanted}× per row, mobile 412×915, on ${base} with ${CHROME_PATH}`);
  const results: Array<{ row: PageRow; runs: Run[] }> = [];
  let attempt = 0;
  for (const row of rows) {
    const runs: Run[] = [];
    for (let tries = 0; runs.length < wanted && tries < 2 * wanted; tries++) {
      const port = options.debugPorts[attempt++ % options.debugPorts.length];
      try {
        const run = await runLighthouse(`${base}${row.path}`, category, cookies[row.as], port);
        runs.push(run);
        console.log(`  ${rowLabel(row)} run ${runs.length}: ${describeRun(run, category)}`);
      } catch (error) {
        console.log(`  ${rowLabel(row)} try ${tries + 1}: failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (runs.length < wanted) throw new Error(`only ${runs.length} of ${wanted} Lighthouse runs of ${rowLabel(row)} succeeded`);
    for (const one of new Set(runs.flatMap((run) => run.failed))) console.log(`    failed: ${one}`);
    results.push({ row, runs });
  }
  console.log("");
  return category === "performance" ? performanceTable(results) : accessibilityTable(results);
}

function describeRun(run: Run, category: Category): string {
  if (category === "accessibility") return String(run.score);
  const longest = run.longTasks
    .slice(0, 3)
    .map((task) => `${Math.round(task.ms)} ms ${task.url}`)
    .join(", ");
  return (
    `score ${run.score}, TBT ${Math.round(run.tbtMs)} ms, TTI ${seconds(run.ttiMs)} s, LCP ${seconds(run.lcpMs)} s, ` +
    `CLS ${run.cls.toFixed(3)}, ${run.longTaskCount} long tasks${longest ? ` (${longest})` : ""}`
  );
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(2);
}

function accessibilityTable(results: Array<{ row: PageRow; runs: Run[] }>): boolean {
  let allPass = true;
  const table = results.map(({ row, runs }) => {
    const score = median(runs.map((run) => run.score));
    const pass = score >= TARGETS.score;
    allPass &&= pass;
    return [row.path, LABELS[row.as], runs.map((run) => run.score).join(", "), score, `>= ${TARGETS.score}`, pass ? "PASS" : "FAIL"];
  });
  printTable(["page", "as", "runs", "median", "target", "result"], table);
  return allPass;
}

function performanceTable(results: Array<{ row: PageRow; runs: Run[] }>): boolean {
  let allPass = true;
  const table: Array<Array<string | number>> = [];
  const tasks: Array<Array<string | number>> = [];
  for (const { row, runs } of results) {
    const of = (pick: (run: Run) => number) => median(runs.map(pick));
    const score = of((run) => run.score);
    const tbt = of((run) => run.tbtMs);
    const tti = of((run) => run.ttiMs);
    const visitor = row.as !== "business";
    const misses = [
      score < TARGETS.score ? "score" : "",
      visitor && !(tbt <= TARGETS.tbtMs) ? "TBT" : "",
      visitor && !(tti <= TARGETS.ttiMs) ? "TTI" : "",
    ].filter(Boolean);
    allPass &&= misses.length === 0;
    table.push([
      row.path,
      LABELS[row.as],
      runs.map((run) => run.score).join(", "),
      score,
      Math.round(tbt),
      seconds(tti),
      seconds(of((run) => run.lcpMs)),
      of((run) => run.cls).toFixed(3),
      of((run) => run.longTaskCount),
      Math.round(of((run) => run.longTasks[0]?.ms ?? 0)),
      visitor ? `score >= ${TARGETS.score}, TBT <= ${TARGETS.tbtMs}, TTI <= ${TARGETS.ttiMs / 1000}` : `score >= ${TARGETS.score}`,
      misses.length ? `FAIL (${misses.join(", ")})` : "PASS",
    ]);
    const medianRun = [...runs].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor((runs.length - 1) / 2)];
    for (const [index, task] of medianRun.longTasks.slice(0, 3).entries()) {
      tasks.push([index === 0 ? rowLabel(row) : "", index + 1, Math.round(task.ms), task.url]);
    }
  }
  printTable(["page", "as", "scores", "score", "TBT ms", "TTI s", "LCP s", "CLS", "long tasks", "longest ms", "targets", "result"], table);
  console.log(
    "\nThe 3 longest main-thread tasks of the run with the median TBT (simulated 4× CPU; url: the script Lighthouse attributes it to)\n",
  );
  printTable(["page", "#", "ms", "url"], tasks.length ? tasks : [["(no long tasks)", "", "", ""]]);
  return allPass;
}
