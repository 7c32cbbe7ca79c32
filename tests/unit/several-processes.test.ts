import cluster, { type Worker } from "node:cluster";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { messageWith } from "../support/cluster-processes";

const workers: Worker[] = [];
afterAll(() => {
  for (const worker of workers) worker.kill();
});

describe("several server processes (WEB_CONCURRENCY)", () => {
  it("a visitor id one process issues names the same visitor in every other (no process counts them)", async () => {
    cluster.setupPrimary({
      exec: path.resolve(__dirname, "../support/visitor-id-process.ts"),
      execArgv: ["--import", "tsx"],
      silent: false,
    });
    for (let index = 0; index < 3; index++) workers.push(cluster.fork());
    await Promise.all(workers.map((worker) => messageWith(worker, "ready")));

    const perProcess = 100;
    const issuing = workers.map((worker) => messageWith<{ tokens: string[] }>(worker, "tokens"));
    for (const worker of workers) worker.send({ issue: perProcess });
    const issued = (await Promise.all(issuing)).map((answer) => answer.tokens);
    expect(new Set(issued.flat()).size).toBe(perProcess * workers.length);

    // A visitor whose first page came from one process likes through another.
    const checking = workers.map((worker) => messageWith<{ verified: number }>(worker, "verified"));
    workers.forEach((worker, index) => worker.send({ check: issued[(index + 1) % workers.length] }));
    expect((await Promise.all(checking)).map((answer) => answer.verified)).toEqual(workers.map(() => perProcess));
  }, 60_000);
});
