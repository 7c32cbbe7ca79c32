import { beforeEach, describe, expect, it } from "vitest";

import { JOB_NAMES } from "~/jobs/catalogue.server";
import { queueJob } from "~/jobs/queue.server";
import { defineMemory } from "~/memory/memory.server";
import { getMailer, useMailer } from "~/services/mail.server";
import { forgetKeptReads, metricsText } from "~/utils/metrics.server";

import { createUser } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { makeSentMessages } from "../support/sms-messages";

const database = setupTestDatabase();

// The gauges keep a read for a few seconds: each test reads the database afresh.
beforeEach(() => forgetKeptReads());

/** The value of one sample in Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("GET /metrics's figures from the database (app/utils/metrics.server.ts)", () => {
  it("shows every queue (empty ones at 0), SMS by status and provider, and the pool", async () => {
    const user = await createUser();
    await makeSentMessages({ userId: user.id, provider: "msg91", count: 3, status: "delivered" });
    await makeSentMessages({ userId: user.id, provider: "twilio", count: 2, status: "failed" });

    const { text, contentType } = await metricsText();
    expect(contentType).toContain("text/plain");
    for (const queue of JOB_NAMES) expect(text).toContain(`isent_queue_jobs{queue="${queue}",state="waiting"}`);
    expect(sample(text, "isent_sms_messages", 'status="delivered",provider="msg91"')).toBe(3);
    expect(sample(text, "isent_sms_messages", 'status="failed",provider="twilio"')).toBe(2);
    expect(text).toMatch(/^isent_db_pool_size \d+$/m);
    expect(text).toMatch(/^isent_db_pool_wait_seconds [\d.e-]+$/m);
    expect(text).toContain("isent_payments");
  });

  it("counts a job waiting for its time as waiting but not late, and mail sent and failed", async () => {
    const due = new Date(Date.now() + 3_600_000);
    await queueJob("campaign-sweep", {}, { startAfter: due });
    // Made long ago for a time still to come (a post scheduled last week for tomorrow): waiting, not late.
    await database.handle.executeSql("update pgboss.job set created_on = now() - interval '2 hours' where start_after > now()");
    const { text } = await metricsText();
    expect(sample(text, "isent_queue_jobs", 'queue="campaign-sweep",state="waiting"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "isent_queue_oldest_waiting_seconds", 'queue="campaign-sweep"')).toBeLessThan(60);

    const before = await metricsText({ database: false });
    useMailer({ send: async () => {} });
    await getMailer().send({ to: "a@b.in", subject: "s", text: "t" });
    useMailer({
      send: async () => {
        throw new Error("SMTP refused");
      },
    });
    await expect(getMailer().send({ to: "a@b.in", subject: "s", text: "t" })).rejects.toThrow("SMTP refused");
    useMailer(undefined);
    const after = (await metricsText({ database: false })).text;
    expect(sample(after, "isent_mail_total", 'result="sent"') - sample(before.text, "isent_mail_total", 'result="sent"')).toBe(1);
    expect(sample(after, "isent_mail_total", 'result="failed"') - sample(before.text, "isent_mail_total", 'result="failed"')).toBe(1);
  });
});

describe("GET /metrics's memories (app/memory)", () => {
  it("shows each memory's asks so far, answered from it or not", async () => {
    const kept = defineMemory<string>({ name: "metrics-test-memory", purpose: "a test's", max: 10 });
    kept.remember("k", () => "v");
    kept.remember("k", () => "v");
    kept.remember("j", () => "w");
    const { text } = await metricsText({ database: false });
    expect(sample(text, "isent_memory_recalls", 'memory="metrics-test-memory",result="hit"')).toBe(1);
    expect(sample(text, "isent_memory_recalls", 'memory="metrics-test-memory",result="miss"')).toBe(2);
    // Every memory the process defined is shown, this module's own among them.
    expect(text).toMatch(/^isent_memory_recalls\{memory="metrics-gauges",result="miss"\} \d+$/m);
  });
});
