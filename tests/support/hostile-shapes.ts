/**
 * The worst request shapes a client can send, and the routes to send them to: every route with an
 * action and every /api route, read from the build's route manifest (public/build/manifest-*.js),
 * so a new route is probed without anyone listing it. Shared by the end-to-end test
 * (tests/e2e/hostile-shapes.spec.ts) and its benchmark (bench/hostile-shapes.ts); plain fetch, no
 * browser. Needs a build.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** A request body (all of them text) and its type. */
export type HostileShape = { name: string; contentType: string; body: string };

const MB = 1024 * 1024;
const BOUNDARY = "hostile";

/** A multipart body of these parts as a browser writes it: [name, value] or [name, file name, bytes]. */
function multipart(parts: Array<[string, string] | [string, string, string]>): string {
  const pieces = parts.map((part) => {
    const [name, filename, content] = part.length === 3 ? part : [part[0], undefined, part[1]];
    const disposition = filename === undefined ? `name="${name}"` : `name="${name}"; filename="${filename}"\r\nContent-Type: text/csv`;
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${content}\r\n`;
  });
  return `${pieces.join("")}--${BOUNDARY}--\r\n`;
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const URLENCODED = "application/x-www-form-urlencoded";
const tenThousandFields = Array.from({ length: 10_000 }, (_, index): [string, string] => [`field${index}`, "x"]);
const oneMegabyte = "a".repeat(MB);
const oneColumnCsv = `mobile\n${"9812345678\n".repeat(50_000)}`;
const tenThousandColumnsCsv = `${Array.from({ length: 10_000 }, (_, index) => `column ${index}`).join(",")}\nRavi,9812345678\n`;

/** Each shape once, built up front (the test and the bench send them many times). */
export const HOSTILE_SHAPES: readonly HostileShape[] = [
  { name: "10,000 fields (urlencoded)", contentType: URLENCODED, body: new URLSearchParams(tenThousandFields).toString() },
  { name: "10,000 fields (multipart)", contentType: MULTIPART, body: multipart(tenThousandFields) },
  { name: "1 MB in one field (urlencoded)", contentType: URLENCODED, body: `content=${oneMegabyte}` },
  { name: "1 MB in one field (multipart)", contentType: MULTIPART, body: multipart([["content", oneMegabyte]]) },
  { name: "JSON nested 100,000 deep", contentType: "application/json", body: `{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}` },
  { name: "CSV of 50,000 rows, 1 column (text/csv)", contentType: "text/csv", body: oneColumnCsv },
  { name: "CSV of 50,000 rows, 1 column (file)", contentType: MULTIPART, body: multipart([["file", "contacts.csv", oneColumnCsv]]) },
  { name: "CSV of 10,000 columns (text/csv)", contentType: "text/csv", body: tenThousandColumnsCsv },
  { name: "CSV of 10,000 columns (file)", contentType: MULTIPART, body: multipart([["file", "contacts.csv", tenThousandColumnsCsv]]) },
];

/** An id for routes with one in their path: well-formed, so the route reads on rather than refusing the id. */
const SOME_ID = "0b7f3b0e-3d6b-4d4e-9c1e-0d9d4f1b2a3c";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean };

/** The newest build's route manifest. */
function readManifest(root: string): Record<string, ManifestRoute> {
  const folder = path.join(root, "public/build");
  const [newest] = readdirSync(folder)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(folder, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!newest) throw new Error("No route manifest in public/build: run `npm run build` first");
  const text = readFileSync(newest, "utf8");
  return (JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { routes: Record<string, ManifestRoute> }).routes;
}

/** Every URL that takes a POST (a route with an action) or is under /api, with its parameters filled. */
export function probePaths(root = process.cwd()): string[] {
  const routes = readManifest(root);
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? fullPath(routes[route.parentId]) : "";
    return route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, "/");
  };
  const paths = Object.values(routes)
    .filter((route) => route.hasAction || route.id.startsWith("routes/api+/"))
    .map((route) => (fullPath(route) || "/").replace(/:\w+/g, SOME_ID).replace(/\*$/, "hostile"));
  return [...new Set(paths)].sort();
}

export type ShapeAnswer = { status: number; location: string | null; ms: number; allow: string | null; text: string };

/** Sends one shape and waits for the whole answer; the time is until its last byte. */
export async function sendShape(
  base: string,
  path: string,
  shape: HostileShape,
  { method = "POST", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<ShapeAnswer> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": shape.contentType, Origin: base, ...headers },
    body: shape.body,
    redirect: "manual",
  });
  const text = await response.text();
  const { status } = response;
  return {
    status,
    location: response.headers.get("Location"),
    ms: performance.now() - started,
    allow: response.headers.get("Allow"),
    text,
  };
}

const EMPTY_FORM: HostileShape = { name: "an empty form", contentType: URLENCODED, body: "" };

/**
 * A route as the shapes are sent to it: as the signed-in business where the route needs one (it
 * sends a visitor to sign in, or answers 401), else as a visitor (so /auth reads its form, and
 * /logout ends no session); and its answer to an empty form. A route that answers a shape exactly
 * as it answers an empty form (a logout's redirect) never read the body, so the body cost nothing.
 */
export type Probe = { path: string; headers: Record<string, string>; empty: ShapeAnswer };

export async function planProbes(
  base: string,
  paths: readonly string[],
  visitor: Record<string, string>,
  business: Record<string, string>,
) {
  const probes: Probe[] = [];
  for (const path of paths) {
    const asVisitor = await sendShape(base, path, EMPTY_FORM, { headers: visitor });
    const toSignIn = asVisitor.status >= 300 && asVisitor.status < 400 && /^\/(auth|login)\b/.test(asVisitor.location ?? "");
    const needsUser = asVisitor.status === 401 || toSignIn;
    const headers = needsUser ? business : visitor;
    probes.push({ path, headers, empty: needsUser ? await sendShape(base, path, EMPTY_FORM, { headers }) : asVisitor });
  }
  return probes;
}

/** The methods besides POST that a 405 says the route takes a body with (PUT /api/contacts/{id}, PATCH /api/posts/{id}). */
const otherBodyMethods = (answer: ShapeAnswer) =>
  answer.status === 405 ? (answer.allow ?? "").split(/,\s*/).filter((method) => method === "PUT" || method === "PATCH") : [];

export type RouteAnswer = ShapeAnswer & { method: string; probe: Probe };

/** One shape to every route, one request at a time: POST, then each other method a 405 names. */
export async function sendToEveryRoute(base: string, probes: readonly Probe[], shape: HostileShape) {
  const answers: RouteAnswer[] = [];
  for (const probe of probes) {
    const first = await sendShape(base, probe.path, shape, { headers: probe.headers });
    answers.push({ method: "POST", probe, ...first });
    for (const method of otherBodyMethods(first)) {
      answers.push({ method, probe, ...(await sendShape(base, probe.path, shape, { method, headers: probe.headers })) });
    }
  }
  return answers;
}

/**
 * What the property refuses in an answer, or null: it must be a 4xx, or the very redirect the route
 * gives an empty form (it never read the body), and come within `withinMs` (bench/hostile-shapes.ts
 * judges times; a test leaves it out and judges the answer alone).
 */
export function answerProblem(answer: RouteAnswer, withinMs = Infinity): string | null {
  const { method, probe, status, location, ms, text } = answer;
  const ignoredBody = status >= 300 && status < 400 && status === probe.empty.status && location === probe.empty.location;
  if ((ignoredBody || (status >= 400 && status < 500)) && ms <= withinMs) return null;
  return `${method} ${probe.path}: ${status} in ${Math.round(ms)} ms ${text.slice(0, 120).replace(/\s+/g, " ")}`;
}

/**
 * Another client asking /api/health every 20 ms until stopped: how many answers, and the slowest.
 * A hostile request that held the server's one thread would show here.
 */
export function watchHealth(base: string, clientAddress: string) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`, { headers: { "X-Forwarded-For": clientAddress } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { count: times.length, max: Math.max(0, ...times), times };
    },
  };
}
