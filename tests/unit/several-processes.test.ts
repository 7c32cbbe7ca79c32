import cluster, { type Worker } from "node:cluster";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { NEW_VISITOR_LIMIT } from "~/models/visitors.server";

import { shareInMemoryLimits } from "../../server/cluster";

const workers: Worker[] = [];
afterAll(() => {
  for (const worker of workers) worker.kill();
});

/** The process's next message with `key` (the rate limiter's own messages go by too). */
function messageWith<Message>(worker: Worker, key: string): Promise<Message> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      worker.off("message", onMessage);
      resolve(message as Message);
    };
    worker.on("message", onMessage);
    worker.once("exit", (code) => reject(new Error(`the process exited with ${code}`)));
  });
}

describe("several server processes (WEB_CONCURRENCY)", () => {
  it("share one limit on new visitor ids per address, kept by their primary", async () => {
    shareInMemoryLimits();
    cluster.setupPrimary({
      exec: path.resolve(__dirname, "../support/visitor-id-process.ts"),
      execArgv: ["--import", "tsx"],
      silent: false,
    });
    for (let index = 0; index < 3; index++) workers.push(cluster.fork());
    await Promise.all(workers.map((worker) => messageWith(worker, "ready")));

    // Each asks for more than half the limit, all at once: in memory per process, they would get 3 × 200.
    const perProcess = 200;
    const answers = workers.map((worker) => messageWith<{ issued: number }>(worker, "issued"));
    for (const worker of workers) worker.send({ go: { address: "203.0.113.7", count: perProcess } });
    const issued = (await Promise.all(answers)).map((answer) => answer.issued);
    expect(perProcess * workers.length).toBeGreaterThan(NEW_VISITOR_LIMIT.limit);
    expect(issued.reduce((sum, count) => sum + count, 0)).toBe(NEW_VISITOR_LIMIT.limit);
  }, 60_000);
});
