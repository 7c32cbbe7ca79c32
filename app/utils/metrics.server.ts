import cluster from "node:cluster";

import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

import { JOB_NAMES } from "~/jobs/catalogue.server";
import { defineMemory, listMemories } from "~/memory/memory.server";
import { databaseConnections, paymentTotals, queueStats, smsTotals, type QueueStats } from "~/models/metrics.server";

import { logger } from "./logger.server";

/**
 * This process's metrics, in Prometheus's terms (prom-client). Counters and histograms count what
 * this process did; gauges read from the database at a scrape are the same in every process, so
 * across a cluster they are taken once ("max"), not summed. With several processes (server/cluster.ts)
 * the primary asks each for its registry and adds them up (prom-client's AggregatorRegistry).
 */
export const metricsRegistry = new Registry();
/** The gauges read from the database, apart: tests of the HTTP counts need no database. */
const databaseRegistry = new Registry();

// Event-loop lag, heap, GC, CPU, handles: prom-client's standard process metrics, each aggregated as it defines.
collectDefaultMetrics({ register: metricsRegistry });

// A worker answers the primary's requests for its metrics with this registry.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([metricsRegistry, databaseRegistry]);
  new AggregatorRegistry();
}

const registers = [metricsRegistry];
const databaseRegisters = [databaseRegistry];

/** Route ids are Remix's ("routes/_app+/contacts"), or "static", "unmatched": a bounded set, never a path. */
const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by Remix route id, method and status",
  labelNames: ["route", "method", "status"] as const,
  registers,
});

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's last byte, by Remix route id, method and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** One answered request. */
export function countHttpRequest(route: string, method: string, status: number, seconds: number) {
  const labels = { route, method, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/** The answers in front of the app: first-visit pages and public JSON (response cache), drawn pages (page cache). */
export type Memory = "first_visit_page" | "public_json" | "drawn_page";

const memoryLookups = new Counter({
  name: "isent_memory_lookups_total",
  help: "Answers looked up in memory, by memory and whether it had them",
  labelNames: ["memory", "result"] as const,
  registers,
});

export function countMemoryLookup(memory: Memory, hit: boolean) {
  memoryLookups.inc({ memory, result: hit ? "hit" : "miss" });
}

// Every app/memory memory's own count of asks (listMemories), read at a scrape: summed over processes.
new Gauge({
  name: "isent_memory_recalls",
  help: "Asks of each memory (app/memory, by its name) since this process started, by whether it had the answer",
  labelNames: ["memory", "result"] as const,
  registers,
  collect() {
    this.reset();
    for (const { name, hits, misses } of listMemories()) {
      this.set({ memory: name, result: "hit" }, hits);
      this.set({ memory: name, result: "miss" }, misses);
    }
  },
});

const mails = new Counter({
  name: "isent_mail_total",
  help: "Mails handed to the mailer (SMTP or the outbox), by result",
  labelNames: ["result"] as const,
  registers,
});

export function countMail(result: "sent" | "failed") {
  mails.inc({ result });
}

const securityEvents = new Counter({
  name: "isent_security_events_total",
  help: "Security events (app/utils/security-log.server.ts), by name and outcome",
  labelNames: ["event", "outcome"] as const,
  registers,
});

export function countSecurityEvent(event: string, outcome: string) {
  securityEvents.inc({ event, outcome });
}

/**
 * A read of the database for gauges, shared by every gauge it fills and kept `forMs`: a scrape
 * every few seconds from several Prometheus servers costs the database one read per period.
 * A failed read leaves the gauges as they were, and is logged.
 */
const keptReads = defineMemory<Promise<unknown>>({
  name: "metrics-gauges",
  purpose: "the database reads /metrics gauges show (queues, SMS, payments, connections), for seconds",
  max: 10,
});

/** Forget what the gauges read, so the next scrape reads the database again (tests). */
export function forgetKeptReads() {
  keptReads.clear();
}

function keptRead<T>(what: string, forMs: number, read: () => Promise<T>): () => Promise<T | null> {
  // A failed read is forgotten by the memory itself (only while it is the one kept), and shown as no value.
  return () =>
    (keptReads.remember(what, read, { ttlMs: forMs }) as Promise<T>).catch((error: unknown) => {
      logger.warn({ err: error, what }, "metrics: reading the database failed");
      return null;
    });
}

const readQueues = keptRead("queues", 5_000, queueStats);
const readSms = keptRead("sms", 30_000, smsTotals);
const readPayments = keptRead("payments", 30_000, paymentTotals);
const readConnections = keptRead("connections", 5_000, databaseConnections);

type Sample = { labels: Record<string, string>; value: number };

/**
 * A gauge whose samples are read from the database at a scrape (through a kept read): the same in
 * every process, so a cluster takes one ("max") unless told to add them up. Samples no longer
 * there are dropped; a failed read leaves the last ones.
 */
function databaseGauge(options: {
  name: string;
  help: string;
  labelNames?: readonly string[];
  aggregator?: "max" | "sum";
  samples: () => Promise<Sample[] | null>;
}) {
  new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    aggregator: options.aggregator ?? "max",
    registers: databaseRegisters,
    async collect() {
      const samples = await options.samples();
      if (!samples) return;
      this.reset();
      for (const { labels, value } of samples) this.set(labels, value);
    },
  });
}

/** Every job's queue, those without a row at 0, so a dashboard shows each from the start. */
async function perQueue(sample: (queue: string, stats: QueueStats | undefined) => Sample[]): Promise<Sample[] | null> {
  const stats = await readQueues();
  if (!stats) return null;
  const byQueue = new Map(stats.map((row) => [row.queue, row]));
  return [...new Set([...JOB_NAMES, ...byQueue.keys()])].flatMap((queue) => sample(queue, byQueue.get(queue)));
}

databaseGauge({
  name: "isent_queue_jobs",
  help: "Background jobs in each pg-boss queue, by state (waiting: created or to retry)",
  labelNames: ["queue", "state"],
  samples: () =>
    perQueue((queue, row) =>
      (["waiting", "active", "failed"] as const).map((state) => ({ labels: { queue, state }, value: row?.[state] ?? 0 })),
    ),
});

databaseGauge({
  name: "isent_queue_oldest_waiting_seconds",
  help: "How long the oldest due job of each queue has waited since it was due",
  labelNames: ["queue"],
  samples: () => perQueue((queue, row) => [{ labels: { queue }, value: row?.oldestWaitingSeconds ?? 0 }]),
});

databaseGauge({
  name: "isent_sms_messages",
  help: "SMS messages ever written, by status and provider (from the database)",
  labelNames: ["status", "provider"],
  samples: async () => (await readSms())?.map(({ status, provider, count }) => ({ labels: { status, provider }, value: count })) ?? null,
});

databaseGauge({
  name: "isent_payments",
  help: "Credit purchases, by status and gateway (from the database)",
  labelNames: ["status", "gateway"],
  samples: async () => (await readPayments())?.map(({ status, gateway, count }) => ({ labels: { status, gateway }, value: count })) ?? null,
});

databaseGauge({
  name: "isent_db_connections",
  help: "Connections to the database from every process and instance, by state (pg_stat_activity; none on PGlite)",
  labelNames: ["state"],
  samples: async () => (await readConnections())?.byState.map(({ state, count }) => ({ labels: { state }, value: count })) ?? null,
});

databaseGauge({
  name: "isent_db_pool_size",
  help: "The most connections the server's processes may hold (summed over processes)",
  aggregator: "sum",
  samples: async () => {
    const read = await readConnections();
    return read && [{ labels: {}, value: read.poolSize }];
  },
});

databaseGauge({
  name: "isent_db_pool_wait_seconds",
  help: "How long a query waited for a free connection when last measured (the slowest process)",
  samples: async () => {
    const read = await readConnections();
    return read && [{ labels: {}, value: read.poolWaitSeconds }];
  },
});

/** This process's metrics as Prometheus text (one process; several are summed by the primary), with or without the database's. */
export async function metricsText({ database = true } = {}): Promise<{ contentType: string; text: string }> {
  const [own, read] = await Promise.all([metricsRegistry.metrics(), database ? databaseRegistry.metrics() : ""]);
  return { contentType: metricsRegistry.contentType, text: own + read };
}
