import { db } from "~/db/db.server";
import { smsSimulatorLog } from "~/db/schema";
import type { JobData } from "~/jobs/catalogue.server";
import { queueJob } from "~/jobs/queue.server";
import type { OutgoingSms } from "~/services/sms.server";

import { receiveDeliveryReports, type DeliveryReport } from "./sms-delivery.server";

/**
 * The embedded SMS simulator's memory: what it received (every time, so the log tells a message
 * received twice) and the delivery reports it sends later through the same model function a real
 * provider's webhook reaches.
 */

/** How often reports are tried again for messages whose worker had not yet recorded them as handed over, and how long apart. */
const REPORT_ATTEMPTS = 5;
const REPORT_RETRY_SECONDS = 5;

/** Logs a batch the simulator took and queues its delivery reports for `delaySeconds` later, in one transaction. */
export async function recordSimulatorReceipts(batch: readonly OutgoingSms[], reports: DeliveryReport[], delaySeconds: number) {
  if (batch.length === 0) return;
  await db().transaction(async (tx) => {
    await tx.insert(smsSimulatorLog).values(batch.map((sms) => ({ messageId: sms.messageId, toNumber: sms.to, body: sms.body })));
    await queueJob(
      "sms-simulator-reports",
      { reports: reports.map(({ reason, ...report }) => ({ ...report, ...(reason ? { reason } : {}) })), attempt: 0 },
      { tx, startAfter: new Date(Date.now() + delaySeconds * 1000) },
    );
  });
}

/**
 * The simulator's report job: applies the reports; those for messages not yet recorded as handed
 * over (their worker still busy, or it crashed and the message went again under another id) are
 * tried again a few times, then dropped, as a provider's report for an unknown id is.
 */
export async function deliverSimulatorReports({ reports, attempt }: JobData<"sms-simulator-reports">) {
  const { unknown } = await receiveDeliveryReports("simulator", reports);
  if (unknown.length === 0 || attempt + 1 >= REPORT_ATTEMPTS) return;
  const waiting = new Set(unknown);
  await queueJob(
    "sms-simulator-reports",
    { reports: reports.filter((report) => waiting.has(report.providerMessageId)), attempt: attempt + 1 },
    { startAfter: new Date(Date.now() + REPORT_RETRY_SECONDS * 1000 * (attempt + 1)) },
  );
}
