import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";

import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { createLogger } from "~/utils/logger.server";
import { countHttpRequest, metricsText } from "~/utils/metrics.server";
import { withRequestFacts, noteRequestUser } from "~/utils/request-facts.server";

import { metricsEndpoint } from "../../server/metrics-endpoint";
import { observeRequests, observedRequest } from "../../server/observe";

let close: (() => void) | undefined;
/** The process's own metrics, without the gauges read from a database (tests/integration/metrics.test.ts has those). */
const httpMetrics = () => metricsText({ database: false });
afterEach(() => close?.());

/** A server with the production server's observing middleware in front of `routes`; its log lines, parsed. */
async function serverWith(routes: (app: express.Express) => void, options: { metrics?: Parameters<typeof metricsEndpoint>[0] } = {}) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger(destination, "info");
  const app = express();
  if (options.metrics) app.get("/metrics", metricsEndpoint(options.metrics));
  app.use(observeRequests({ logger, countHttpRequest }));
  app.use((req, res, next) => {
    observedRequest(res)!.route = req.path.startsWith("/contacts") ? "routes/_app+/contacts" : "unmatched";
    next();
  });
  routes(app);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
}

describe("the request log (server/observe.ts)", () => {
  it("writes one JSON line per request: id, route id, status, duration and the signed-in user, with secrets in the address masked", async () => {
    const { base, lines } = await serverWith((app) =>
      app.get("/contacts", (_req, res) =>
        // The app notes the user as it finds the session; here, as serve() would run it.
        withRequestFacts(observedRequest(res)!, () => {
          noteRequestUser("4f3e9876-5432-10ab-9876-543210fedcba");
          res.send("ok");
        }),
      ),
    );
    const response = await fetch(`${base}/contacts?search=9876543210&token=s3cret&owner=asha@example.in`);
    await response.text();
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "request",
      requestId,
      method: "GET",
      route: "routes/_app+/contacts",
      status: 200,
      userId: "4f3e9876-5432-10ab-9876-543210fedcba",
      url: "/contacts?search=******3210&token=[redacted]&owner=a***@example.in",
    });
    expect(lines[0].durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(lines[0])).not.toMatch(/s3cret|9876543210|asha@/);
  });

  it("keeps a well-formed X-Request-Id from the caller and replaces one that is not", async () => {
    const { base, lines } = await serverWith((app) => app.get("/x", (_req, res) => res.send("ok")));
    const kept = await fetch(`${base}/x`, { headers: { "X-Request-Id": "lb-7f3a9c2e.42" } });
    expect(kept.headers.get("X-Request-Id")).toBe("lb-7f3a9c2e.42");
    const replaced = await fetch(`${base}/x`, { headers: { "X-Request-Id": "<script>alert(1)</script>" } });
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => lines.length).toBe(2);
    expect(lines.map((line) => line.requestId)).toEqual(["lb-7f3a9c2e.42", replaced.headers.get("X-Request-Id")]);
  });
});

describe("GET /metrics (server/metrics-endpoint.ts)", () => {
  const token = "metrics-token-for-the-tests-0123";

  it("asks for the bearer token, and then shows the requests counted per route and status", async () => {
    const { base } = await serverWith((app) => app.get("/contacts", (_req, res) => res.send("ok")), {
      metrics: { token, production: true, ownMetrics: httpMetrics },
    });
    const before = await httpMetrics();
    const counted = (text: string) =>
      Number(/^http_requests_total\{route="routes\/_app\+\/contacts",method="GET",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    for (let index = 0; index < 3; index++) await (await fetch(`${base}/contacts`)).text();

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}x` } })).status).toBe(401);
    const scraped = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("Content-Type")).toContain("text/plain");
    const text = await scraped.text();
    expect(counted(text) - counted(before.text)).toBe(3);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.1",route="routes\/_app\+\/contacts",method="GET",status="200"\} \d+$/m,
    );
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    // The scrape itself is not a visitor's request.
    expect(text).not.toContain('route="metrics"');
  });

  it("is not there in production without a token (a 404, as any unknown address), and open in development", async () => {
    const production = await serverWith(() => {}, { metrics: { token: undefined, production: true, ownMetrics: httpMetrics } });
    expect((await fetch(`${production.base}/metrics`)).status).toBe(404);
    close?.();
    const development = await serverWith(() => {}, { metrics: { token: undefined, production: false, ownMetrics: httpMetrics } });
    expect((await fetch(`${development.base}/metrics`)).status).toBe(200);
  });
});
