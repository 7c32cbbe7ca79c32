/**
 * What oversized request bodies cost the server's memory: starts the production server
 * on a fresh PGlite with the demo data, then for each way of sending sends 4 bodies of
 * 60 MB at once and samples the server process's resident memory (RSS, from /proc)
 * every 20 ms: before, at its highest while they are sent, and after. With the body
 * limit (server/body-limit.ts) each is answered 413 and RSS stays where it was.
 * Needs a build: run `npm run build` first. Linux only (/proc).
 *
 *   npx tsx bench/body-limit-memory.ts            # --port 4130 --clients 4 --mb 60
 */
import { intFlag, parseFlags, printTable, serverRssMb, sleep, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const PORT = intFlag(flags, "port", 4130);
const CLIENTS = intFlag(flags, "clients", 4);
const BYTES = intFlag(flags, "mb", 60) * 1024 * 1024;

/** A body sent without a length, in 64 KB pieces. */
function chunked(bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024).fill(97));
    },
  });
}

async function send(url: string, body: () => BodyInit, type: string, origin: string): Promise<string> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": type, Origin: origin },
      body: body(),
      duplex: "half",
    } as RequestInit);
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return `error ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`;
  }
}

let server: DemoServer | undefined;
try {
  server = await startDemoServer(PORT, "bench-body-limit-");
  const group = server.process.pid!;
  await (await fetch(`${server.url}/`)).text();

  const declared = Buffer.alloc(BYTES, 97);
  const ways = [
    { name: "declared length, page (/auth)", path: "/auth", body: () => declared, type: "application/x-www-form-urlencoded" },
    { name: "chunked, page (/auth)", path: "/auth", body: () => chunked(BYTES), type: "application/x-www-form-urlencoded" },
    { name: "chunked, JSON (/api/auth/token)", path: "/api/auth/token", body: () => chunked(BYTES), type: "application/json" },
  ];
  const rows: Array<Array<string | number>> = [];
  for (const way of ways) {
    await sleep(500);
    const before = serverRssMb(group);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(group))), 20);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: CLIENTS }, () => send(`${server!.url}${way.path}`, way.body, way.type, server!.url)),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    await sleep(500);
    clearInterval(sampler);
    const after = serverRssMb(group);
    rows.push([way.name, statuses.join(" "), seconds, before.toFixed(0), peak.toFixed(0), after.toFixed(0)]);
  }
  console.log(`\n${CLIENTS} clients at once, ${BYTES / 1024 / 1024} MB each; server RSS in MB`);
  printTable(["sent as", "statuses", "seconds", "RSS before", "RSS peak", "RSS after"], rows);
} finally {
  await server?.stop();
}
