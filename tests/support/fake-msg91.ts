import { randomBytes } from "node:crypto";

import { faultQueue, listenLocally, readRequestBody, sendJson as send } from "./fake-http";

/**
 * A local stand-in for MSG91's SMS Flow API v5 as documented: `POST /api/v5/flow/` with the
 * `authkey` header and JSON {template_id, sender, DLT_TE_ID, PE_ID, recipients: [{mobiles, var1…}], …}; it answers
 * {type: "success", message: <request id>} or {type: "error", message}. It checks the key and the
 * payload's shape, records what it took, and can be told to answer an error status or not at all.
 */
export type Msg91Request = {
  authorized: boolean;
  body: {
    template_id?: unknown;
    sender?: unknown;
    DLT_TE_ID?: unknown;
    /** The DLT principal entity the sender header and template are registered under. */
    PE_ID?: unknown;
    unicode?: unknown;
    recipients?: Array<Record<string, unknown>>;
  } | null;
  requestId: string | null;
};

export type FakeMsg91 = {
  url: string;
  authKey: string;
  requests: Msg91Request[];
  /** The next `times` requests answer this status (429, 500, 400 …) with MSG91's error body. */
  failNext(status: number, message: string, times?: number): void;
  /** The next `times` requests get no answer (the client's timeout must end them). */
  hangNext(times?: number): void;
  close(): Promise<void>;
};

/** Why MSG91 would refuse this payload, or null. */
function payloadProblem(body: Msg91Request["body"]): string | null {
  if (!body || typeof body !== "object") return "Invalid JSON";
  if (typeof body.template_id !== "string" || !body.template_id) return "Template ID Missing";
  if (typeof body.sender !== "string" || !/^[A-Z0-9]{6}$/.test(body.sender)) return "Invalid sender";
  if (typeof body.DLT_TE_ID !== "string" || !/^\d{19}$/.test(body.DLT_TE_ID)) return "Invalid DLT template id";
  if (body.PE_ID !== undefined && (typeof body.PE_ID !== "string" || !/^\d{19}$/.test(body.PE_ID))) return "Invalid PE_ID";
  if (body.unicode !== 0 && body.unicode !== 1) return "unicode must be 0 or 1";
  if (!Array.isArray(body.recipients) || body.recipients.length === 0) return "Recipients Missing";
  for (const recipient of body.recipients) {
    if (typeof recipient.mobiles !== "string" || !/^91[6-9]\d{9}$/.test(recipient.mobiles)) return "Invalid Mobile Number";
  }
  return null;
}

export async function startFakeMsg91(): Promise<FakeMsg91> {
  const authKey = `fake-msg91-${randomBytes(6).toString("hex")}`;
  const requests: Msg91Request[] = [];
  const faults = faultQueue<{ status: number; message: string }>();

  const server = await listenLocally(async (request, response) => {
    const raw = await readRequestBody(request);
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method !== "POST" || !/^\/api\/v5\/flow\/?$/.test(url.pathname)) {
      return send(response, 404, { type: "error", message: "Not Found" });
    }
    let body: Msg91Request["body"] = null;
    try {
      body = JSON.parse(raw) as Msg91Request["body"];
    } catch {
      body = null;
    }
    const record: Msg91Request = { authorized: request.headers.authkey === authKey, body, requestId: null };
    requests.push(record);
    const fault = faults.next();
    if (fault === "hang") return;
    if (fault) return send(response, fault.status, { type: "error", message: fault.message });
    if (!record.authorized) return send(response, 401, { type: "error", message: "Authentication failure" });
    const problem = payloadProblem(body);
    // MSG91 answers a refused payload with 200 and type "error".
    if (problem) return send(response, 200, { type: "error", message: problem });
    record.requestId = randomBytes(12).toString("hex");
    return send(response, 200, { type: "success", message: record.requestId });
  });
  return {
    url: server.url,
    authKey,
    requests,
    failNext: (status, message, times) => faults.failNext({ status, message }, times),
    hangNext: (times) => faults.hangNext(times),
    close: server.close,
  };
}

/** MSG91's delivery-report webhook, version 2 (a form whose `data` is a JSON array), for one request's numbers. */
export function msg91ReportForm(requestId: string, rows: Array<{ number: string; status: string; desc: string; failedReason?: string }>) {
  const data = JSON.stringify([
    {
      senderId: "ISENTL",
      requestId,
      report: rows.map((row) => ({
        date: "2026-11-26 10:06:20",
        number: row.number,
        status: row.status,
        desc: row.desc,
        failedReason: row.failedReason ?? "",
      })),
      userId: "270000",
      campaignName: "API",
    },
  ]);
  return new URLSearchParams({ data }).toString();
}
