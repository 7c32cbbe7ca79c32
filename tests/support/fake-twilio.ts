import { createHmac, randomBytes } from "node:crypto";

import { faultQueue, listenLocally, readRequestBody, sendJson as send } from "./fake-http";

/**
 * A local stand-in for Twilio's Messages API as documented: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth (account SID, auth token),
 * form-encoded To, From or MessagingServiceSid (one of them), Body, StatusCallback; 201 with the
 * message resource {sid, status: "queued", …}, or an error {code, message, more_info, status}.
 * It checks auth and the form, records what it took, and can be told to answer an error status or
 * not at all. `sign` signs a webhook as Twilio does, written here apart from the product's code.
 */
export type TwilioRequest = { authorized: boolean; form: URLSearchParams; sid: string | null };

export type FakeTwilio = {
  url: string;
  accountSid: string;
  authToken: string;
  requests: TwilioRequest[];
  failNext(status: number, code: number, message: string, times?: number): void;
  hangNext(times?: number): void;
  /** X-Twilio-Signature for a POST of these parameters to this URL. */
  sign(url: string, params: Record<string, string>): string;
  close(): Promise<void>;
};

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** Twilio's documented algorithm: URL, then each parameter name immediately followed by its value, names sorted; HMAC-SHA1, base64. */
function signWebhook(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac("sha1", Buffer.from(authToken, "utf-8")).update(Buffer.from(data, "utf-8")).digest("base64");
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const requests: TwilioRequest[] = [];
  const faults = faultQueue<{ status: number; code: number; message: string }>();

  const server = await listenLocally(async (request, response) => {
    const form = new URLSearchParams(await readRequestBody(request));
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method !== "POST" || url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return send(response, 404, twilioError(404, 20404, "The requested resource was not found"));
    }
    const record: TwilioRequest = { authorized: request.headers.authorization === expected, form, sid: null };
    requests.push(record);
    const fault = faults.next();
    if (fault === "hang") return;
    if (fault) return send(response, fault.status, twilioError(fault.status, fault.code, fault.message));
    if (!record.authorized) return send(response, 401, twilioError(401, 20003, "Authenticate"));
    if (!(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      return send(response, 400, twilioError(400, 21100, "Content-Type must be application/x-www-form-urlencoded"));
    }
    const to = form.get("To") ?? "";
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return send(response, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (form.has("From") === form.has("MessagingServiceSid")) {
      return send(response, 400, twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message"));
    }
    const body = form.get("Body") ?? "";
    if (!body) return send(response, 400, twilioError(400, 21602, "Message body is required."));
    if (body.length > 1600)
      return send(response, 400, twilioError(400, 21617, "The concatenated message body exceeds the 1600 character limit."));
    record.sid = `SM${randomBytes(16).toString("hex")}`;
    return send(response, 201, {
      sid: record.sid,
      account_sid: accountSid,
      to,
      from: form.get("From"),
      messaging_service_sid: form.get("MessagingServiceSid"),
      body,
      status: "queued",
      num_segments: "1",
      error_code: null,
      error_message: null,
      api_version: "2010-04-01",
    });
  });
  return {
    url: server.url,
    accountSid,
    authToken,
    requests,
    failNext: (status, code, message, times) => faults.failNext({ status, code, message }, times),
    hangNext: (times) => faults.hangNext(times),
    sign: (url, params) => signWebhook(authToken, url, params),
    close: server.close,
  };
}
