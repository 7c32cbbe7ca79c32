/**
 * Lighthouse's accessibility score (or, with --category performance, its performance score on its
 * default simulated slow 4G and 4× slower CPU) of the pages visitors and a business use most, on a
 * phone 412 px wide, each as the people who open it: `/` as a first visit (no cookie: the
 * first-visit note shows), `/?lat=12.97&lon=77.59` as a first visit, `/` as a returning visitor (the
 * first visit's anon_id and the intro_seen cookie of 'Okay' on the note: no note), /auth as a
 * visitor, and /app, /contacts and /send-post signed in as the demo business. Starts the
 * production server on PGlite with the demo data (a fresh temporary DATA_DIR), or with --url audits
 * a server already running (with the demo data: the demo account signs in). Each row is audited
 * --runs times (3), each run in a fresh headless Chromium (/usr/bin/chromium, or CHROME_PATH), one
 * category (bench/lighthouse-run.ts, shared with page-budget.ts). Printed per row: the median score
 * and the audits that failed in any run (for performance, the metrics that scored under 0.9); for
 * performance also the medians of TBT, TTI, LCP, CLS, the long tasks' count and the longest, and the
 * 3 longest tasks (with the script Lighthouse attributes each to) of the run with the median TBT.
 * Targets: score >= 95 on every row; first visits and the returning visitor also TBT <= 200 ms and
 * TTI <= 3.5 s (performance). Exits 1 when a target fails.
 * Nothing is downloaded; the server, Chromium and the data dir it started are removed at the end.
 * Needs a build: run `npm run build` first (unless --url).
 *
 *   CHROME_PATH=/usr/bin/chromium npx tsx bench/lighthouse.ts
 *   npx tsx bench/lighthouse.ts --category performance --runs 5 --port 4150
 *   npx tsx bench/lighthouse.ts --category performance --paths "/,returning:/,business:/,/app"
 *   npx tsx bench/lighthouse.ts --url http://127.0.0.1:3000 --email demo@isent.example.in --password demo12345
 *
 * Flags: --category accessibility|performance (accessibility)  --runs N (3)  --port P (4150; Chromium
 *        debugs on P+1..P+3)  --url BASE  --email E  --password W (the demo business)
 *        --paths (or --pages) [AS:]PATH,… (/,/?lat=12.97&lon=77.59,returning:/,/auth,/app,/contacts,/send-post):
 *          AS is visitor (a first visit, no cookie), returning or business; without it a page that
 *          sends a visitor without a session to sign in is audited as business, any other as visitor.
 *          Quote the list in a shell (`?`, `&`).
 */
import { auditPages, DEFAULT_PAGES, resolvePages } from "./lighthouse-run";
import { BENCH_PORTS, DEMO_BUSINESS, intFlag, parseFlags, signIn, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const RUNS = Math.max(1, intFlag(flags, "runs", 3));
const PORT = intFlag(flags, "port", 4150);
if (PORT < BENCH_PORTS.min || PORT + 3 > BENCH_PORTS.max)
  throw new Error(`--port must leave P..P+3 within ${BENCH_PORTS.min}-${BENCH_PORTS.max}`);
const PAGES = flags.get("paths") ?? flags.get("pages") ?? DEFAULT_PAGES;
const EMAIL = flags.get("email") ?? DEMO_BUSINESS.email;
const PASSWORD = flags.get("password") ?? DEMO_BUSINESS.password;
const CATEGORY = flags.get("category") ?? "accessibility";
if (CATEGORY !== "accessibility" && CATEGORY !== "performance") throw new Error("--category must be accessibility or performance");

let server: DemoServer | undefined;
let exitCode = 0;
try {
  let base = flags.get("url")?.replace(/\/$/, "");
  if (!base) {
    server = await startDemoServer(PORT, "bench-a11y-");
    base = server.url;
  }
  const pass = await auditPages(base, await resolvePages(base, PAGES), {
    category: CATEGORY,
    runs: RUNS,
    debugPorts: [PORT + 1, PORT + 2, PORT + 3],
    businessCookie: () => signIn(base, { email: EMAIL, password: PASSWORD }),
  });
  if (!pass) exitCode = 1;
} catch (error) {
  console.error(error);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  await server?.stop();
}
process.exit(exitCode);
