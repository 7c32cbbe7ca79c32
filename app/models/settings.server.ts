import { inArray } from "drizzle-orm";
import { z } from "zod";

import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { settings } from "~/db/schema";
import type { SendingWindow } from "~/lib/sending-window";

/**
 * The product's settings the admin changes, read from the settings table (one row a key, its value
 * as JSON) with their defaults: a missing or malformed row is its default, never an error.
 */

type Reader = Pick<Database | Transaction, "select">;

const windowSchema = z
  .object({ startHour: z.number().int().min(0).max(23), endHour: z.number().int().min(1).max(24) })
  .refine((window) => window.startHour < window.endHour);

export const SMS_SETTING_KEYS = { window: "sms_sending_window", freeText: "sms_free_text_allowed" } as const;

export type SmsSettings = {
  /** When promotional SMS may go out, hours in India. */
  window: SendingWindow;
  /** Whether a campaign may be free text instead of a DLT template. */
  smsFreeTextAllowed: boolean;
};

export const DEFAULT_SMS_SETTINGS: SmsSettings = { window: { startHour: 10, endHour: 21 }, smsFreeTextAllowed: false };

export async function getSmsSettings(tx: Reader = db()): Promise<SmsSettings> {
  const rows = await tx
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(SMS_SETTING_KEYS)));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const window = windowSchema.safeParse(value(SMS_SETTING_KEYS.window));
  const freeText = z.boolean().safeParse(value(SMS_SETTING_KEYS.freeText));
  return {
    window: window.success ? window.data : DEFAULT_SMS_SETTINGS.window,
    smsFreeTextAllowed: freeText.success ? freeText.data : DEFAULT_SMS_SETTINGS.smsFreeTextAllowed,
  };
}
