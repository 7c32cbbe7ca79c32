/**
 * One of several server processes in a test (tests/unit/metrics-processes.test.ts): told `count`, it
 * counts that many answered requests of a route; told `serve`, it serves GET /metrics as the
 * production server does and answers its port.
 */
import type { AddressInfo } from "node:net";

import express from "express";
import { AggregatorRegistry } from "prom-client";

import { countHttpRequest, metricsRegistry, metricsText } from "~/utils/metrics.server";

import { metricsEndpoint } from "../../server/metrics-endpoint";

// Only what the process counts itself: the gauges read from a database have their own test.
AggregatorRegistry.setRegistries(metricsRegistry);

process.on("message", (message: { count?: number; serve?: boolean }) => {
  if (message.count !== undefined) {
    for (let index = 0; index < message.count; index++) countHttpRequest("routes/api+/feed", "GET", 200, 0.004);
    process.send!({ counted: message.count });
  }
  if (message.serve) {
    const app = express();
    app.get("/metrics", metricsEndpoint({ token: undefined, production: false, ownMetrics: () => metricsText({ database: false }) }));
    const server = app.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as AddressInfo).port }));
  }
});
process.send!({ ready: true });
