import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Payment links, as Razorpay's Payment Links API has them (POST /v1/payment_links,
 * GET /v1/payment_links/{id}): the buyer pays on the gateway's hosted page with UPI, a card or net
 * banking, comes back to our callback URL, and the gateway tells us again by a signed webhook.
 * Two gateways speak this: Razorpay itself (below, plain fetch) and the built-in test gateway
 * (app/models/test-gateway.server.ts), which moves no money.
 */

export type PaymentLinkRequest = {
  amountPaise: number;
  currency: "INR";
  /** Our order's id: Razorpay keeps it unique per link and sends it back. */
  referenceId: string;
  description: string;
  callbackUrl: string;
  expireBy: Date;
  customer: { name: string; email: string };
};

export type CreatedPaymentLink = { id: string; shortUrl: string };

/** Razorpay's statuses of a link; 'paid' once the whole amount is in. */
export type PaymentLinkStatus = "created" | "partially_paid" | "paid" | "expired" | "cancelled";

export type PaymentLinkState = {
  id: string;
  status: PaymentLinkStatus;
  amountPaise: number;
  amountPaidPaise: number;
  currency: string;
  referenceId: string;
  /** The captured payment, when there is one. */
  paymentId: string | null;
};

export interface PaymentGateway {
  readonly name: "test" | "razorpay";
  createPaymentLink(request: PaymentLinkRequest): Promise<CreatedPaymentLink>;
  fetchPaymentLink(id: string): Promise<PaymentLinkState>;
}

/** A gateway that did not answer as documented: the order is not paid, and the buyer is told to try again. */
export class PaymentGatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}

/** The secrets that prove an answer came from the gateway: the API key's (callbacks) and the webhook's. */
export type GatewaySecrets = { keySecret: string; webhookSecret: string };

/** HMAC-SHA256 in hex, as Razorpay signs. */
export function hmacHex(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload, "utf8").digest("hex");
}

/** Compares a signature sent to us with the one expected, in constant time (a wrong length is simply wrong). */
export function signatureMatches(expectedHex: string, sent: string | null | undefined): boolean {
  if (!sent || !/^[0-9a-f]+$/i.test(sent)) return false;
  const expected = Buffer.from(expectedHex, "hex");
  const given = Buffer.from(sent.toLowerCase(), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type CallbackParams = {
  paymentLinkId: string;
  referenceId: string;
  status: string;
  paymentId: string;
};

/** The callback's payload: `payment_link_id|reference_id|status|payment_id`, signed with the key secret. */
export function callbackSignature(keySecret: string, params: CallbackParams): string {
  return hmacHex(keySecret, `${params.paymentLinkId}|${params.referenceId}|${params.status}|${params.paymentId}`);
}

export function verifyCallbackSignature(keySecret: string, params: CallbackParams, signature: string | null): boolean {
  return signatureMatches(callbackSignature(keySecret, params), signature);
}

/** A webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body as sent, with the webhook secret. */
export function verifyWebhookSignature(webhookSecret: string, rawBody: string, signature: string | null): boolean {
  return signatureMatches(hmacHex(webhookSecret, rawBody), signature);
}

/** The body of a `payment_link.paid` webhook, as Razorpay sends it (the fields we read, and the test gateway writes). */
export function paymentLinkPaidEvent(link: PaymentLinkState, payment: { id: string; amountPaise: number; currency: string }) {
  const now = Math.floor(Date.now() / 1000);
  return {
    entity: "event",
    event: "payment_link.paid",
    contains: ["payment_link", "payment"],
    payload: {
      payment_link: {
        entity: {
          id: link.id,
          amount: link.amountPaise,
          amount_paid: link.amountPaidPaise,
          currency: link.currency,
          reference_id: link.referenceId,
          status: link.status,
        },
      },
      payment: {
        entity: { id: payment.id, entity: "payment", amount: payment.amountPaise, currency: payment.currency, status: "captured" },
      },
    },
    created_at: now,
  };
}

type RazorpayLink = {
  id: string;
  short_url: string;
  status: PaymentLinkStatus;
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  payments?: { payment_id: string; amount: number; status: string }[] | null;
};

/**
 * Razorpay's Payment Links API over plain fetch, with HTTP Basic auth (key id and secret). The
 * link expires at `expire_by` (Razorpay wants it 15 minutes away or more), takes no partial
 * payment, and sends the buyer back to `callback_url` by GET.
 */
export function razorpayGateway(settings: { apiUrl: string; keyId: string; keySecret: string; timeoutMs?: number }): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<RazorpayLink> {
    let response: Response;
    try {
      response = await fetch(new URL(path, settings.apiUrl), {
        method,
        headers: { Authorization: authorization, "Content-Type": "application/json", Accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentGatewayError(`Razorpay did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new PaymentGatewayError(`Razorpay answered ${response.status} with a body that is not JSON`);
    }
    if (!response.ok) {
      const description = (parsed as { error?: { description?: string } }).error?.description ?? `status ${response.status}`;
      throw new PaymentGatewayError(`Razorpay refused ${method} ${path}: ${description}`);
    }
    const link = parsed as RazorpayLink;
    if (typeof link.id !== "string" || typeof link.amount !== "number")
      throw new PaymentGatewayError(`Razorpay's answer to ${path} has no link`);
    return link;
  }
  return {
    name: "razorpay",
    async createPaymentLink(request) {
      const link = await call("POST", "/v1/payment_links", {
        amount: request.amountPaise,
        currency: request.currency,
        accept_partial: false,
        reference_id: request.referenceId,
        description: request.description,
        expire_by: Math.floor(request.expireBy.getTime() / 1000),
        customer: { name: request.customer.name, email: request.customer.email },
        notify: { sms: false, email: false },
        reminder_enable: false,
        callback_url: request.callbackUrl,
        callback_method: "get",
      });
      return { id: link.id, shortUrl: link.short_url };
    },
    async fetchPaymentLink(id) {
      const link = await call("GET", `/v1/payment_links/${encodeURIComponent(id)}`);
      const captured = (link.payments ?? []).find((payment) => payment.status === "captured");
      return {
        id: link.id,
        status: link.status,
        amountPaise: link.amount,
        amountPaidPaise: link.amount_paid ?? 0,
        currency: link.currency,
        referenceId: link.reference_id,
        paymentId: captured?.payment_id ?? null,
      };
    },
  };
}
