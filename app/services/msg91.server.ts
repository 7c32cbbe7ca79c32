import type { DeliveryReport } from "~/models/sms-delivery.server";

import { httpOutcome, readProviderAnswer, type ProviderAnswer } from "./sms-http.server";
import type { OutgoingSms, SendOutcome, SmsProvider } from "./sms.server";

/**
 * MSG91 (India), as its SMS Flow API v5 documents it: `POST /api/v5/flow/` with the `authkey`
 * header and JSON {template_id, sender, DLT_TE_ID, unicode, recipients: [{mobiles, var1, …}]}
 * (template_id: MSG91's own template, made in its panel for the DLT template: the template's
 * providerTemplateId);
 * it answers {type: "success", message: <request id>} or {type: "error", message}. One request
 * carries many recipients of one template; the request id is the batch's, so a message's id is
 * the request id and its number (`<request id>:<91XXXXXXXXXX>`), which is what its delivery
 * report names too.
 */

/** MSG91 sends by its own template ids: a DLT template without one cannot go through it. */
export const NO_MSG91_TEMPLATE = "This template has no MSG91 template id: add MSG91's id for it to the template, then resume";

export type Msg91Settings = { authKey: string; baseUrl: string; timeoutMs?: number };

/** MSG91's numbers: the country code and the number, no plus. */
export const msg91Number = (e164: string) => e164.replace(/^\+/, "");

/** Our id for one message of an MSG91 request. */
export const msg91MessageId = (requestId: string, mobile: string) => `${requestId}:${msg91Number(mobile)}`;

/**
 * Messages that go in one request: same template, header and encoding, and no number twice (a
 * report names request and number, so a number repeated in one request could not be told apart).
 */
function requestsFor(batch: readonly OutgoingSms[]): OutgoingSms[][] {
  const groups: Array<{ key: string; numbers: Set<string>; messages: OutgoingSms[] }> = [];
  for (const sms of batch) {
    const key = `${sms.providerTemplateId}|${sms.dltTemplateId}|${sms.senderHeader}|${sms.encoding}|${sms.dltEntityId ?? ""}`;
    let group = groups.find((candidate) => candidate.key === key && !candidate.numbers.has(sms.to));
    if (!group) groups.push((group = { key, numbers: new Set(), messages: [] }));
    group.numbers.add(sms.to);
    group.messages.push(sms);
  }
  return groups.map((group) => group.messages);
}

export function msg91Provider(settings: Msg91Settings): SmsProvider {
  const url = new URL("/api/v5/flow/", settings.baseUrl);

  async function sendRequest(messages: OutgoingSms[]): Promise<SendOutcome[]> {
    const [first] = messages;
    if (!first.dltTemplateId) {
      // An operator in India drops a message without a registered template: MSG91 is not asked.
      return messages.map(({ messageId }) => ({
        messageId,
        outcome: "rejected",
        reason: "No DLT template id: MSG91 sends registered templates only",
      }));
    }
    if (!first.providerTemplateId) {
      return messages.map(({ messageId }) => ({ messageId, outcome: "rejected", reason: NO_MSG91_TEMPLATE }));
    }
    const body = {
      template_id: first.providerTemplateId,
      sender: first.senderHeader,
      DLT_TE_ID: first.dltTemplateId,
      ...(first.dltEntityId ? { PE_ID: first.dltEntityId } : {}),
      unicode: first.encoding === "UCS-2" ? 1 : 0,
      short_url: 0,
      recipients: messages.map((sms) => ({
        mobiles: msg91Number(sms.to),
        ...Object.fromEntries((sms.variables ?? []).map((value, index) => [`var${index + 1}`, value])),
      })),
    };
    const answer = await readProviderAnswer(url, {
      method: "POST",
      headers: { authkey: settings.authKey, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      timeoutMs: settings.timeoutMs,
    });
    return outcomesOf(messages, answer);
  }

  return {
    name: "msg91",
    async send(batch) {
      const outcomes = await Promise.all(requestsFor(batch).map(sendRequest));
      return outcomes.flat();
    },
  };
}

function outcomesOf(messages: OutgoingSms[], answer: ProviderAnswer): SendOutcome[] {
  const json = (answer.ok ? answer.json : null) as { type?: unknown; message?: unknown } | null;
  const failed = httpOutcome(answer, (errorJson) => {
    const message = (errorJson as { message?: unknown } | null)?.message;
    return typeof message === "string" && message ? message : null;
  });
  if (failed) return messages.map(({ messageId }) => ({ messageId, ...failed }));
  // MSG91 answers some refusals (a bad template, no balance) with 200 and type "error".
  if (json?.type !== "success" || typeof json.message !== "string" || !json.message) {
    const reason = typeof json?.message === "string" && json.message ? json.message : "MSG91 did not accept the request";
    return messages.map(({ messageId }) => ({ messageId, outcome: "rejected", reason }));
  }
  const requestId = json.message;
  return messages.map(({ messageId, to }) => ({ messageId, outcome: "accepted", providerMessageId: msg91MessageId(requestId, to) }));
}

/**
 * MSG91's delivery-report status codes (its webhook documentation): 1 delivered, 2 failed,
 * 9 NDNC (the number is on the do-not-disturb registry), 16 and 25 rejected, 17 blocked number.
 * Anything else (submitted, pending) is not final and is ignored.
 */
const REPORT_STATUSES: Record<string, { status: DeliveryReport["status"]; reason: string | null }> = {
  "1": { status: "delivered", reason: null },
  "2": { status: "failed", reason: "Failed" },
  "9": { status: "undelivered", reason: "DND registered (NDNC)" },
  "16": { status: "failed", reason: "Rejected" },
  "17": { status: "failed", reason: "Blocked number" },
  "25": { status: "failed", reason: "Rejected" },
};
const REPORT_WORDS: Record<string, DeliveryReport["status"]> = {
  delivered: "delivered",
  failed: "failed",
  rejected: "failed",
  ndnc: "undelivered",
  blocked: "failed",
  undelivered: "undelivered",
};

type Msg91ReportRow = {
  requestId?: unknown;
  number?: unknown;
  telNum?: unknown;
  status?: unknown;
  desc?: unknown;
  description?: unknown;
  failedReason?: unknown;
  failureReason?: unknown;
};
type Msg91Envelope = Msg91ReportRow & { report?: unknown };

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value).trim() : "");

/** A report's number as MSG91 writes it (91XXXXXXXXXX, sometimes without the 91), with the country code. */
const reportNumber = (value: string) => {
  const digits = value.replace(/\D/g, "");
  return digits.length === 10 ? `91${digits}` : digits;
};

function reportOf(requestId: string, row: Msg91ReportRow): DeliveryReport | null {
  const number = reportNumber(text(row.number) || text(row.telNum));
  if (!requestId || !number) return null;
  const code = text(row.status);
  const description = text(row.desc) || text(row.description);
  const failure = text(row.failedReason) || text(row.failureReason);
  const known = REPORT_STATUSES[code];
  const status = known?.status ?? REPORT_WORDS[code.toLowerCase()] ?? REPORT_WORDS[description.toLowerCase()];
  if (!status) return null;
  const reason =
    status === "delivered" ? null : failure || (description && description.toUpperCase() !== code ? description : null) || known?.reason;
  return { providerMessageId: `${requestId}:${number}`, status, reason: reason ?? null };
}

/**
 * The reports in an MSG91 webhook body, in the shapes its panel sends: version 2 (a form whose
 * `data` field is a JSON array of {requestId, report: [{number, status, desc, failedReason}]}),
 * version 3 (one JSON object {requestId, number, status, desc}), and the newer webhook (JSON with
 * requestId, telNum, status, failureReason), alone or in an array. Null when it is none of them.
 */
export function parseMsg91Reports(contentType: string, rawBody: string): DeliveryReport[] | null {
  let payload: unknown;
  try {
    if (contentType.includes("application/x-www-form-urlencoded")) {
      const data = new URLSearchParams(rawBody).get("data");
      if (!data) return null;
      payload = JSON.parse(data);
    } else {
      payload = JSON.parse(rawBody);
    }
  } catch {
    return null;
  }
  const envelopes = (Array.isArray(payload) ? payload : [payload]).filter(
    (item): item is Msg91Envelope => typeof item === "object" && item !== null,
  );
  if (envelopes.length === 0) return null;
  const reports: DeliveryReport[] = [];
  for (const envelope of envelopes) {
    const requestId = text(envelope.requestId);
    const rows = Array.isArray(envelope.report) ? (envelope.report as unknown[]) : [envelope];
    for (const row of rows) {
      if (typeof row !== "object" || row === null) continue;
      const report = reportOf(requestId, row as Msg91ReportRow);
      if (report) reports.push(report);
    }
  }
  return reports;
}

export type Msg91InboundReply = { providerMessageId: string; from: string; body: string; to: string | null };

/**
 * An inbound SMS MSG91 forwards from a long code or keyword (form or JSON): the sender's
 * `number` (or `mobile`, `sender`), the `message` (or `content`, `text`), the long code it was
 * sent to (`inboundNumber`), its `keyword`, and its id (`requestId` or `id`). A forward without
 * an id is named by its sender, time and text, so the same forward twice is still kept once.
 */
export function parseMsg91Inbound(contentType: string, rawBody: string, hash: (value: string) => string): Msg91InboundReply | null {
  let fields: Record<string, unknown>;
  try {
    fields = contentType.includes("application/json")
      ? (JSON.parse(rawBody) as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(rawBody));
  } catch {
    return null;
  }
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null;
  const from = text(fields.number) || text(fields.mobile) || text(fields.sender);
  const body = text(fields.message) || text(fields.content) || text(fields.text);
  if (!from || !body) return null;
  const id = text(fields.requestId) || text(fields.id);
  const to = text(fields.inboundNumber) || null;
  return { providerMessageId: id || `forward-${hash(`${from}|${text(fields.date)}|${body}`)}`, from, body, to };
}
