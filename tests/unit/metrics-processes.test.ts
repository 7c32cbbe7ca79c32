import cluster, { type Worker } from "node:cluster";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { gatherMetricsForProcesses } from "../../server/metrics-endpoint";
import { messageWith } from "../support/cluster-processes";

const workers: Worker[] = [];
afterAll(() => {
  for (const worker of workers) worker.kill();
});

describe("GET /metrics with several server processes (WEB_CONCURRENCY)", () => {
  it("whichever process is asked answers the requests every process counted, summed", async () => {
    gatherMetricsForProcesses();
    cluster.setupPrimary({ exec: path.resolve(__dirname, "../support/metrics-process.ts"), execArgv: ["--import", "tsx"], silent: false });
    for (let index = 0; index < 3; index++) workers.push(cluster.fork());
    await Promise.all(workers.map((worker) => messageWith(worker, "ready")));

    await Promise.all(
      workers.map((worker, index) => {
        const counted = messageWith(worker, "counted");
        worker.send({ count: index + 2 });
        return counted;
      }),
    );
    const serving = messageWith<{ port: number }>(workers[1], "port");
    workers[1].send({ serve: true });
    const { port } = await serving;

    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    // 2 + 3 + 4 requests in three processes.
    expect(text).toMatch(/^http_requests_total\{route="routes\/api\+\/feed",method="GET",status="200"\} 9$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="routes\/api\+\/feed",method="GET",status="200"\} 9$/m);
  });
});
