import { randomBytes } from "node:crypto";

import { and, eq, gt, sql } from "drizzle-orm";

import { config } from "~/config.server";
import { db } from "~/db/db.server";
import { testPaymentLinks } from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import { paths } from "~/lib/paths";
import {
  callbackSignature,
  hmacHex,
  paymentLinkPaidEvent,
  type GatewaySecrets,
  type PaymentGateway,
  type PaymentLinkState,
} from "~/services/payments.server";
import { derivedSecrets } from "~/utils/secrets.server";

/**
 * The built-in test gateway, used when no Razorpay keys are set: it keeps payment links as
 * Razorpay does, shows a hosted page ('Test payment: no money moves') with 'Pay' and 'Fail', sends
 * the buyer back to the callback URL with a signature made as Razorpay makes it, and delivers the
 * signed `payment_link.paid` webhook (a background job). No money moves.
 */

/** The test gateway's secrets: RAZORPAY_WEBHOOK_SECRET when set, else keys derived from SESSION_SECRET for this purpose alone. */
export function testGatewaySecrets(): GatewaySecrets {
  return {
    keySecret: derivedSecrets("test-gateway-key-secret")[0].toString("hex"),
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? derivedSecrets("test-gateway-webhook-secret")[0].toString("hex"),
  };
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString("base64url")}`;

type LinkRow = typeof testPaymentLinks.$inferSelect;

/** A link past its expiry reads 'expired', as Razorpay's does, whether or not anyone has looked since. */
function stateOf(row: LinkRow, now = new Date()): PaymentLinkState {
  const expired = row.status === "created" && row.expireBy <= now;
  const paid = row.status === "paid";
  return {
    id: row.id,
    status: expired ? "expired" : row.status,
    amountPaise: row.amountPaise,
    amountPaidPaise: paid ? row.amountPaise : 0,
    currency: row.currency,
    referenceId: row.referenceId,
    paymentId: row.paymentId,
  };
}

export const testGateway: PaymentGateway = {
  name: "test",
  async createPaymentLink(request) {
    const id = newId("plink");
    await db().insert(testPaymentLinks).values({
      id,
      amountPaise: request.amountPaise,
      currency: request.currency,
      referenceId: request.referenceId,
      description: request.description,
      callbackUrl: request.callbackUrl,
      expireBy: request.expireBy,
    });
    return { id, shortUrl: `${config.PUBLIC_ORIGIN}${paths.testGatewayPage(id)}` };
  },
  async fetchPaymentLink(id) {
    const [row] = await db().select().from(testPaymentLinks).where(eq(testPaymentLinks.id, id));
    if (!row) throw new Error(`The test gateway has no payment link ${id}`);
    return stateOf(row);
  },
};

/** What the hosted page shows of a link, or null for an unknown one. */
export async function testPaymentPage(id: string) {
  const [row] = await db().select().from(testPaymentLinks).where(eq(testPaymentLinks.id, id));
  if (!row) return null;
  const state = stateOf(row);
  return { id: row.id, description: row.description, amountPaise: row.amountPaise, status: state.status, callbackUrl: row.callbackUrl };
}

/** The callback URL with Razorpay's query parameters and their signature. */
function signedCallback(row: Pick<LinkRow, "id" | "referenceId" | "callbackUrl">, status: string, paymentId: string): string {
  const params = { paymentLinkId: row.id, referenceId: row.referenceId, status, paymentId };
  const url = new URL(row.callbackUrl);
  url.searchParams.set("razorpay_payment_id", paymentId);
  url.searchParams.set("razorpay_payment_link_id", row.id);
  url.searchParams.set("razorpay_payment_link_reference_id", row.referenceId);
  url.searchParams.set("razorpay_payment_link_status", status);
  url.searchParams.set("razorpay_signature", callbackSignature(testGatewaySecrets().keySecret, params));
  return url.toString();
}

export type TestPaymentOutcome = { ok: true; callbackUrl: string } | { ok: false; reason: "not_found" | "expired" | "already_paid" };

/**
 * 'Pay': the link is paid in full (once, and only before it expires); the buyer goes back to the
 * callback URL. With `sendWebhook` (the hosted page), its signed webhook is queued with the payment
 * (`test-gateway-webhook`), as Razorpay sends one; without, the caller delivers it (seed, tests).
 */
export async function payTestLink(id: string, { sendWebhook = false }: { sendWebhook?: boolean } = {}): Promise<TestPaymentOutcome> {
  const paymentId = newId("pay");
  const paid = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(testPaymentLinks)
      .set({ status: "paid", paymentId })
      .where(and(eq(testPaymentLinks.id, id), eq(testPaymentLinks.status, "created"), gt(testPaymentLinks.expireBy, sql`now()`)))
      .returning();
    if (row && sendWebhook) await queueJob("test-gateway-webhook", { linkId: id }, { tx });
    return row;
  });
  if (paid) return { ok: true, callbackUrl: signedCallback(paid, "paid", paymentId) };
  const page = await testPaymentPage(id);
  if (!page) return { ok: false, reason: "not_found" };
  return { ok: false, reason: page.status === "paid" ? "already_paid" : "expired" };
}

/** 'Fail': a declined attempt. The link stays as it was; the buyer goes back with the status 'failed'. */
export async function failTestLink(id: string): Promise<TestPaymentOutcome> {
  const [row] = await db().select().from(testPaymentLinks).where(eq(testPaymentLinks.id, id));
  if (!row) return { ok: false, reason: "not_found" };
  const state = stateOf(row);
  if (state.status === "paid") return { ok: false, reason: "already_paid" };
  if (state.status !== "created") return { ok: false, reason: "expired" };
  return { ok: true, callbackUrl: signedCallback(row, "failed", newId("pay")) };
}

/** The `payment_link.paid` webhook of a paid link, as Razorpay would send it: the raw body and its signature. */
export async function testWebhookFor(id: string): Promise<{ rawBody: string; signature: string } | null> {
  const [row] = await db().select().from(testPaymentLinks).where(eq(testPaymentLinks.id, id));
  if (!row || row.status !== "paid" || !row.paymentId) return null;
  const state = stateOf(row);
  const rawBody = JSON.stringify(paymentLinkPaidEvent(state, { id: row.paymentId, amountPaise: row.amountPaise, currency: row.currency }));
  return { rawBody, signature: hmacHex(testGatewaySecrets().webhookSecret, rawBody) };
}
