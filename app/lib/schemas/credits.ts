import { z } from "zod";

import { noControlCharacters } from "./text";

export const CREDITS_MESSAGES = {
  packRequired: "Choose a pack of credits to buy",
} as const;

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** /credits and GET /api/credits: a bad page is the first page. */
export const creditsQuerySchema = z.object({ page });

const packId = noControlCharacters(
  z.string({ required_error: CREDITS_MESSAGES.packRequired }).trim().min(1, CREDITS_MESSAGES.packRequired).max(100),
);

/** 'Buy' on /credits (a pack and the form's key) and POST /api/credits/orders ({packId}). */
export const buyPackSchema = z.object({ packId });

/** The query the payment gateway sends the buyer back with (Razorpay's names). */
export const paymentCallbackSchema = z.object({
  razorpay_payment_id: noControlCharacters(z.string().trim().max(100)).default(""),
  razorpay_payment_link_id: noControlCharacters(z.string().trim().min(1).max(100)),
  razorpay_payment_link_reference_id: noControlCharacters(z.string().trim().min(1).max(100)),
  razorpay_payment_link_status: noControlCharacters(z.string().trim().min(1).max(40)),
  razorpay_signature: noControlCharacters(z.string().trim().max(200)).nullable().default(null),
});
