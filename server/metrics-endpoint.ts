import cluster from "node:cluster";
import { randomUUID, timingSafeEqual } from "node:crypto";

import type { RequestHandler } from "express";
import { AggregatorRegistry } from "prom-client";

/** The messages a process of several and the primary exchange for GET /metrics. */
const METRICS_ASKED = "isent:metrics-asked";
const METRICS_ANSWERED = "isent:metrics-answered";
type MetricsAnswer = { type: typeof METRICS_ANSWERED; id: string; contentType?: string; text?: string; error?: string };

/** Prometheus's text format, as prom-client writes it. */
const PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
const ASK_TIMEOUT_MS = 10_000;

type Options = {
  /** The bearer token a scraper must send; unset: open in development and tests, absent (404) in production. */
  token: string | undefined;
  production: boolean;
  /** This process's metrics (one process). */
  ownMetrics: () => Promise<{ contentType: string; text: string }>;
};

/**
 * GET /metrics: Prometheus text of the whole server. With several processes (WEB_CONCURRENCY) any
 * one may take the scrape, so it asks the primary, which gathers and sums every process's metrics.
 */
export function metricsEndpoint({ token, production, ownMetrics }: Options): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return async (req, res, next) => {
    if (!expected && production) return next();
    if (expected) {
      const given = Buffer.from(req.headers.authorization ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized\n");
        return;
      }
    }
    try {
      const metrics = cluster.isWorker ? await askPrimary() : await ownMetrics();
      res.status(200).setHeader("Content-Type", metrics.contentType).setHeader("Cache-Control", "no-store").send(metrics.text);
    } catch (error) {
      next(error);
    }
  };
}

function askPrimary(): Promise<{ contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const onMessage = (message: MetricsAnswer) => {
      if (message?.type !== METRICS_ANSWERED || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(`The primary could not gather the metrics: ${message.error}`));
      else resolve({ contentType: message.contentType ?? PROMETHEUS_TEXT, text: message.text ?? "" });
    };
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("The primary did not answer for the metrics in time"));
    }, ASK_TIMEOUT_MS);
    process.on("message", onMessage);
    process.send!({ type: METRICS_ASKED, id });
  });
}

/** In the primary of several processes: a process asking for the metrics gets every process's, summed (prom-client's AggregatorRegistry). */
export function gatherMetricsForProcesses() {
  const metrics = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_ASKED || typeof message.id !== "string") return;
    const answer = (fields: Partial<MetricsAnswer>) => worker.send({ type: METRICS_ANSWERED, id: message.id, ...fields });
    metrics.clusterMetrics().then(
      (text) => answer({ contentType: metrics.contentType, text }),
      (error: Error) => answer({ error: error.message }),
    );
  });
}
