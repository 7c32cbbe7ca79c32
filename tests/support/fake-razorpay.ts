import { randomBytes } from "node:crypto";

import { hmacHex } from "~/services/payments.server";

import { listenLocally, readRequestBody as readBody, sendJson as send } from "./fake-http";

/**
 * A local stand-in for Razorpay's Payment Links API as documented: POST /v1/payment_links and
 * GET /v1/payment_links/{id}, HTTP Basic auth with the key id and secret, errors as
 * {error: {code, description}}. `pay` settles a link as a buyer would and gives the signed
 * `payment_link.paid` webhook Razorpay would send.
 */
type Link = {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  description: string;
  expire_by: number;
  callback_url: string;
  callback_method: string;
  accept_partial: boolean;
  status: "created" | "paid" | "expired" | "cancelled";
  short_url: string;
  payments: { payment_id: string; amount: number; status: string; method: string }[] | null;
};

export type FakeRazorpay = {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  links: Map<string, Link>;
  requests: { method: string; path: string; body: unknown; authorized: boolean }[];
  /** The buyer pays the link in full: returns the webhook's raw body and X-Razorpay-Signature. */
  pay(linkId: string): { rawBody: string; signature: string; paymentId: string };
  /** The next create answers this status with an error (e.g. 500), once. */
  failNextCreate(status: number): void;
  close(): Promise<void>;
};

const error = (code: string, description: string) => ({ error: { code, description, source: "business", step: "payment_link_creation" } });

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = "rzp_test_fake";
  const keySecret = "fake-key-secret";
  const webhookSecret = "fake-webhook-secret";
  const links = new Map<string, Link>();
  const requests: FakeRazorpay["requests"] = [];
  let failCreate: number | null = null;
  const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;

  const server = await listenLocally(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const raw = await readBody(request);
    const body: unknown = raw ? JSON.parse(raw) : null;
    const authorized = request.headers.authorization === expected;
    requests.push({ method: request.method ?? "", path: url.pathname, body, authorized });
    if (!authorized) return send(response, 401, error("BAD_REQUEST_ERROR", "Authentication failed"));
    if (request.method === "POST" && url.pathname === "/v1/payment_links") {
      if (failCreate) {
        const status = failCreate;
        failCreate = null;
        return send(response, status, error("SERVER_ERROR", "We are facing some trouble completing your request"));
      }
      const input = body as Partial<Link> & { expire_by?: number };
      if (typeof input.amount !== "number" || !Number.isInteger(input.amount) || input.amount < 100) {
        return send(response, 400, error("BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00"));
      }
      if ([...links.values()].some((link) => link.reference_id === input.reference_id)) {
        return send(response, 400, error("BAD_REQUEST_ERROR", "Reference Id already exists"));
      }
      if (typeof input.expire_by !== "number" || input.expire_by < Date.now() / 1000 + 15 * 60 - 5) {
        return send(response, 400, error("BAD_REQUEST_ERROR", "expire_by should be at least 15 minutes after current time"));
      }
      const id = `plink_${randomBytes(7).toString("hex")}`;
      const link: Link = {
        id,
        amount: input.amount,
        amount_paid: 0,
        currency: input.currency ?? "INR",
        reference_id: String(input.reference_id),
        description: String(input.description ?? ""),
        expire_by: input.expire_by,
        callback_url: String(input.callback_url),
        callback_method: String(input.callback_method),
        accept_partial: Boolean(input.accept_partial),
        status: "created",
        short_url: `https://rzp.io/i/${id.slice(6, 14)}`,
        payments: null,
      };
      links.set(id, link);
      return send(response, 200, link);
    }
    const match = /^\/v1\/payment_links\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && match) {
      const link = links.get(decodeURIComponent(match[1]));
      if (!link) return send(response, 400, error("BAD_REQUEST_ERROR", "The id provided does not exist"));
      if (link.status === "created" && link.expire_by < Date.now() / 1000) link.status = "expired";
      return send(response, 200, link);
    }
    return send(response, 404, error("BAD_REQUEST_ERROR", "The requested URL was not found on the server."));
  });
  return {
    url: server.url,
    keyId,
    keySecret,
    webhookSecret,
    links,
    requests,
    pay(linkId) {
      const link = links.get(linkId);
      if (!link) throw new Error(`No link ${linkId}`);
      const paymentId = `pay_${randomBytes(7).toString("hex")}`;
      link.status = "paid";
      link.amount_paid = link.amount;
      link.payments = [{ payment_id: paymentId, amount: link.amount, status: "captured", method: "upi" }];
      const rawBody = JSON.stringify({
        entity: "event",
        account_id: "acc_fake",
        event: "payment_link.paid",
        contains: ["payment_link", "order", "payment"],
        payload: {
          payment_link: { entity: { ...link } },
          order: {
            entity: { id: `order_${randomBytes(7).toString("hex")}`, amount: link.amount, amount_paid: link.amount, status: "paid" },
          },
          payment: {
            entity: { id: paymentId, entity: "payment", amount: link.amount, currency: link.currency, status: "captured", method: "upi" },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { rawBody, signature: hmacHex(webhookSecret, rawBody), paymentId };
    },
    failNextCreate(status) {
      failCreate = status;
    },
    close: server.close,
  };
}
