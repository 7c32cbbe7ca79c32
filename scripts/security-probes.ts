/**
 * Hand-written requests for what the scanners in scripts/security-scan.sh cannot see: a redirect
 * target that only a browser turns into another site ("/<TAB>/evil.example" becomes
 * "//evil.example"), header injection through those targets, and odd input (NUL bytes, broken
 * UTF-8) that must be a 4xx, never a 500. Each line it prints is one request; FINDING lines make
 * it exit 1.
 *
 *   npx tsx scripts/security-probes.ts --base http://127.0.0.1:3000 [--cookie "__session=…"]
 *
 * Run it against a scratch instance started with TRUST_PROXY=1: every request names its own
 * X-Forwarded-For so the sign-in rate limit (10 a minute per address) does not answer for the app.
 */
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    cookie: { type: "string", default: "" },
    email: { type: "string", default: "demo@isent.example.in" },
    password: { type: "string", default: "demo12345" },
  },
});
if (!args.base) {
  console.error("usage: tsx scripts/security-probes.ts --base http://127.0.0.1:PORT [--cookie '__session=…']");
  process.exit(2);
}
const base = new URL(args.base);
const EVIL_HOST = "evil.example";

/** Targets a lax check lets through; a browser resolving them lands on EVIL_HOST. */
const REDIRECT_PAYLOADS = [
  "//evil.example/",
  "/\\evil.example/",
  "/\t/evil.example/",
  "/\t\\evil.example/",
  "/\n/evil.example/",
  "/\r/evil.example/",
  " //evil.example/",
  "https://evil.example/",
  "/%2F/evil.example/",
  "/%09/evil.example/",
];
const CRLF_PAYLOADS = ["/\r\nSet-Cookie: crlf_probe=1", "/%0d%0aSet-Cookie:%20crlf_probe=1", "/\nX-Crlf-Probe: 1"];

type Finding = { category: "open-redirect" | "crlf" | "server-error"; request: string; detail: string };
const findings: Finding[] = [];
let requests = 0;
let addressCounter = 0;

/** A fresh documentation-range address per request (RFC 5737), so no rate limit is shared. */
function nextAddress() {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** Where a browser would go for this href or Location: the WHATWG parser strips tabs and newlines and reads \ as /. */
function leavesSite(target: string): boolean {
  try {
    return new URL(target, base).host !== base.host;
  } catch {
    return false;
  }
}

const show = (value: string) => JSON.stringify(value);

async function send(
  method: "GET" | "POST",
  path: string,
  options: { form?: Record<string, string>; json?: unknown; cookie?: string } = {},
) {
  const headers: Record<string, string> = { Origin: base.origin, "X-Forwarded-For": nextAddress(), "Accept-Encoding": "identity" };
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined;
  if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const label = `${method} ${path}${options.form ? ` form ${show(new URLSearchParams(options.form).toString())}` : ""}${
    options.json !== undefined ? ` json ${JSON.stringify(options.json)}` : ""
  }${options.cookie ? " (signed in)" : ""}`;
  requests += 1;
  try {
    const response = await fetch(new URL(path, base), { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    if (response.status >= 500) {
      const body = text.startsWith("<!DOCTYPE") ? "(the HTML error page)" : text.slice(0, 160).replace(/\s+/g, " ");
      findings.push({ category: "server-error", request: label, detail: `${response.status}: ${body}` });
    }
    return { label, response, text };
  } catch (error) {
    // A dropped connection is as bad as a 500: the server gave up on the request.
    findings.push({ category: "server-error", request: label, detail: `no answer: ${(error as Error).message}` });
    return null;
  }
}

/** A redirect answer whose Location a browser would follow off this site. */
function checkLocation(result: Awaited<ReturnType<typeof send>>, payload: string) {
  if (!result) return;
  const location = result.response.headers.get("Location");
  if (location && leavesSite(location)) {
    findings.push({ category: "open-redirect", request: result.label, detail: `${result.response.status} Location ${show(location)}` });
  }
  checkCrlf(result, payload);
}

function checkCrlf(result: Awaited<ReturnType<typeof send>>, payload: string) {
  if (!result) return;
  const injected = result.response.headers.getSetCookie().some((cookie) => cookie.startsWith("crlf_probe"));
  if (injected || result.response.headers.has("X-Crlf-Probe")) {
    findings.push({ category: "crlf", request: result.label, detail: `payload ${show(payload)} set a response header` });
  }
}

/** Links and hidden redirect fields a page renders from the query: followed or posted, they must stay on this site. */
function checkRenderedTargets(result: Awaited<ReturnType<typeof send>>) {
  if (!result) return;
  const decode = (value: string) =>
    value.replace(/&#x([0-9a-f]+);|&#(\d+);|&(amp|quot|lt|gt);/gi, (_, hex, dec, named) =>
      hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : dec
          ? String.fromCodePoint(Number(dec))
          : { amp: "&", quot: '"', lt: "<", gt: ">" }[named as string]!,
    );
  const hrefs = [...result.text.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]));
  const fields = [...result.text.matchAll(/name="(?:redirectTo|returnTo)" value="([^"]*)"/g)].map((m) => decode(m[1]));
  for (const target of [...hrefs, ...fields]) {
    const detail = `the page renders ${show(target)}, which leads to ${leavesSite(target) ? new URL(target, base).host : ""}`;
    const seen = findings.some((finding) => finding.request === result.label && finding.detail === detail);
    if (!seen && leavesSite(target) && new URL(target, base).host.includes(EVIL_HOST)) {
      findings.push({ category: "open-redirect", request: result.label, detail });
    }
  }
}

const feed = await send("GET", "/api/feed?limit=1");
const postId = feed && feed.response.ok ? (JSON.parse(feed.text) as Array<{ id: string; userId?: string }>)[0]?.id : undefined;
if (!postId) {
  console.error("probes: could not read a post id from /api/feed; is the demo data seeded?");
  process.exit(2);
}

// Redirect targets: every form that sends the visitor on, and the pages that render the target.
for (const payload of [...REDIRECT_PAYLOADS, ...CRLF_PAYLOADS]) {
  checkLocation(await send("POST", `/posts/${postId}/like`, { form: { action: "like", redirectTo: payload } }), payload);
  checkLocation(await send("POST", "/intro", { form: { returnTo: payload } }), payload);
  checkLocation(await send("POST", "/location", { form: { intent: "clear", returnTo: payload } }), payload);
  checkLocation(
    await send("POST", "/auth", { form: { intent: "login", username: args.email, password: args.password, redirectTo: payload } }),
    payload,
  );
  const query = (name: string) => `${name}=${encodeURIComponent(payload)}`;
  checkRenderedTargets(await send("GET", `/location?${query("returnTo")}`));
  checkRenderedTargets(await send("GET", `/auth?${query("redirectTo")}`));
  checkRenderedTargets(await send("GET", `/login?${query("redirectTo")}`));
}

// Odd input where a query or a form field reaches the database or a header: a 4xx or a page, never a 500.
const ODD = ["\u0000", "a\u0000b", "\uFFFF", "\uD800"];
const ODD_RAW = ["%00", "%ff", "%E0%A4%A", "%C0%AF"];
const getPaths = [
  "/?q=",
  "/?category=",
  "/?post=",
  "/?cursor=",
  "/api/feed?lat=12.97&lon=77.59&q=",
  "/api/feed?category=",
  "/api/feed?cursor=",
  "/api/feed?lat=",
  "/api/places?q=",
  "/location?q=",
  "/auth?redirectTo=",
  "/business/",
  "/api/public/business/",
];
for (const path of getPaths) for (const raw of ODD_RAW) await send("GET", `${path}${raw}`);
if (args.cookie)
  for (const path of ["/contacts?q=", "/contacts?tag=", "/contacts?page="])
    for (const raw of ODD_RAW) await send("GET", `${path}${raw}`, { cookie: args.cookie });

for (const odd of ODD) {
  const email = `scan${odd}@isent.example.in`;
  await send("POST", "/api/auth/token", { json: { email, password: `pw${odd}x-long-enough` } });
  await send("POST", "/api/auth/refresh", { json: { refreshToken: `token${odd}` } });
  await send("POST", `/api/posts/${postId}/like`, { json: { anonId: `anon${odd}`, action: "like" } });
  await send("POST", `/api/posts/${postId}/view`, { json: { anonId: `anon${odd}`, ts: Date.now() } });
  await send("POST", "/auth", { form: { intent: "login", username: email, password: `pw${odd}x-long-enough` } });
  await send("POST", "/auth", { form: { intent: "forgot", email } });
  await send("POST", "/auth", {
    form: {
      intent: "register",
      username: `scan${addressCounter}@isent.example.in`,
      password: `pw${odd}x-long-enough`,
      name: `Scan${odd}`,
      businessName: `Scan shop${odd}`,
      mobileNumber: "9876543210",
    },
  });
  await send("POST", "/location", { form: { intent: "choose", lat: "12.97", lon: "77.59", label: `Place${odd}` } });
  await send("POST", `/posts/${postId}/like`, { form: { action: `like${odd}`, redirectTo: `/${odd}` } });
}

for (const finding of findings) console.log(`FINDING ${finding.category}: ${finding.request} -> ${finding.detail}`);
const count = (category: Finding["category"]) => findings.filter((finding) => finding.category === category).length;
console.log(
  `probes: ${requests} requests; open-redirect ${count("open-redirect")}, crlf ${count("crlf")}, server-error ${count("server-error")}`,
);
process.exit(findings.length > 0 ? 1 : 0);
