/**
 * Whether 'Forgot password?' tells who has an account by how long it takes:
 * the production server on demo data (TRUST_PROXY=1, each request its own
 * address, so the per-address limit never answers instead), alternating
 * POST /auth intent=forgot for the demo business's registered email and for
 * unknown emails, then the median and p90 of each and their ratio.
 *
 *   npm run build && npx tsx bench/forgot-password-timing.ts   # --requests 60 --port 4131
 */
import { intFlag, parseFlags, percentile, printTable, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const REQUESTS = intFlag(flags, "requests", 60);
const PORT = intFlag(flags, "port", 4131);
const REGISTERED = "demo@isent.example.in";

async function timeForgot(server: DemoServer, email: string, address: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": address },
    body: new URLSearchParams({ intent: "forgot", email }).toString(),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 302) throw new Error(`POST /auth (forgot ${email}) answered ${response.status}`);
  return elapsed;
}

let server: DemoServer | undefined;
try {
  server = await startDemoServer(PORT, "bench-forgot-", { TRUST_PROXY: "1" });
  const times = { registered: [] as number[], unknown: [] as number[] };
  // A few unmeasured requests first: the first ones compile and warm the caches.
  for (let i = 0; i < 5; i += 1) await timeForgot(server, `warm-${i}@nowhere.example.in`, `10.99.0.${i + 1}`);
  for (let i = 0; i < REQUESTS; i += 1) {
    const address = `10.${100 + Math.floor(i / 200)}.${Math.floor(i / 2) % 100}.${(i % 200) + 1}`;
    if (i % 2 === 0) times.registered.push(await timeForgot(server, REGISTERED, address));
    else times.unknown.push(await timeForgot(server, `nobody-${i}@nowhere.example.in`, address));
  }
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return [name, values.length, percentile(sorted, 50).toFixed(1), percentile(sorted, 90).toFixed(1)];
  };
  console.log(`\nPOST /auth intent=forgot, ${REQUESTS} requests alternating, ms\n`);
  printTable(["email", "requests", "p50 ms", "p90 ms"], [row("registered", times.registered), row("unknown", times.unknown)]);
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  console.log(`\nmedian ratio registered / unknown: ${(median(times.registered) / median(times.unknown)).toFixed(2)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
}
