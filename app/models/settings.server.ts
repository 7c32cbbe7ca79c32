import { inArray, sql } from "drizzle-orm";
import { z } from "zod";

import { config } from "~/config.server";
import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { settings } from "~/db/schema";
import { SMS_SENDING_WINDOW, windowInWords, type DailyWindow } from "~/lib/sending-window";
import type { SmsSettingsInput } from "~/lib/schemas/admin-sms";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import { keptSetting } from "./kept-settings.server";

/**
 * The product's settings the admin changes, read from the settings table (one row a key, its value
 * as JSON) with their defaults: a missing or malformed row is its default, never an error.
 */

type Reader = Pick<Database | Transaction, "select">;

/** The stored value of each of these keys that has a row (what it holds is for its reader to check). */
export async function readSettings(keys: readonly string[], tx?: Reader): Promise<(key: string) => unknown> {
  const values = await (tx ? settingValues(keys, tx) : keptSetting(`settings ${keys.join(" ")}`, () => settingValues(keys, db())));
  return (key) => values.get(key);
}

async function settingValues(keys: readonly string[], tx: Reader): Promise<Map<string, unknown>> {
  const rows = await tx
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Stores these values, each replacing its key's, in the caller's transaction (beside its audit row). */
export async function writeSettings(tx: Transaction, values: ReadonlyArray<{ key: string; value: unknown }>) {
  await tx
    .insert(settings)
    .values([...values])
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}

const windowSchema = z
  .object({ startHour: z.number().int().min(0).max(23), endHour: z.number().int().min(1).max(24) })
  .refine((window) => window.startHour < window.endHour);

const senderHeaderSchema = z.string().regex(/^[A-Z0-9]{6}$/);

export const SMS_SETTING_KEYS = {
  window: "sms_sending_window",
  freeText: "sms_free_text_allowed",
  platformSenderHeader: "sms_platform_sender_header",
} as const;

export type SmsSettings = {
  /** When promotional SMS may go out, hours in India. */
  window: DailyWindow;
  /** Whether a campaign may be free text instead of a DLT template. */
  smsFreeTextAllowed: boolean;
  /**
   * The header the platform's templates (and a business without its own registration) go out
   * under: the admin's setting, else SMS_SENDER_HEADER from the environment.
   */
  platformSenderHeader: string;
};

export const DEFAULT_SMS_SETTINGS: Omit<SmsSettings, "platformSenderHeader"> = { window: SMS_SENDING_WINDOW, smsFreeTextAllowed: false };

export async function getSmsSettings(tx?: Reader): Promise<SmsSettings> {
  const value = await readSettings(Object.values(SMS_SETTING_KEYS), tx);
  const window = windowSchema.safeParse(value(SMS_SETTING_KEYS.window));
  const freeText = z.boolean().safeParse(value(SMS_SETTING_KEYS.freeText));
  const header = senderHeaderSchema.safeParse(value(SMS_SETTING_KEYS.platformSenderHeader));
  return {
    window: window.success ? window.data : DEFAULT_SMS_SETTINGS.window,
    smsFreeTextAllowed: freeText.success ? freeText.data : DEFAULT_SMS_SETTINGS.smsFreeTextAllowed,
    platformSenderHeader: header.success ? header.data : config.SMS_SENDER_HEADER,
  };
}

/**
 * The admin saves the SMS settings (already checked by smsSettingsSchema): the three rows and the
 * audit row, before and after, in one transaction. A scheduled campaign keeps the start time it
 * was given; the new window applies to campaigns sent or resumed from now on.
 */
export async function saveSmsSettings(admin: ActingAdmin, input: SmsSettingsInput): Promise<SmsSettings> {
  return db().transaction(async (tx) => {
    // One admin save at a time: the 'before' of the audit row is what the save replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin:sms-settings'))`);
    const before = await getSmsSettings(tx);
    const after: SmsSettings = {
      window: { startHour: input.startHour, endHour: input.endHour },
      smsFreeTextAllowed: input.smsFreeTextAllowed,
      platformSenderHeader: input.platformSenderHeader,
    };
    await writeSettings(tx, [
      { key: SMS_SETTING_KEYS.window, value: after.window },
      { key: SMS_SETTING_KEYS.freeText, value: after.smsFreeTextAllowed },
      { key: SMS_SETTING_KEYS.platformSenderHeader, value: after.platformSenderHeader },
    ]);
    await recordAdminAction(tx, admin, {
      action: "update_sms_settings",
      entityType: "setting",
      entityId: "sms",
      summary: `SMS settings: promotional window ${windowInWords(after.window)}, sender header ${after.platformSenderHeader}, free text ${after.smsFreeTextAllowed ? "allowed" : "not allowed"}`,
      before,
      after,
    });
    return after;
  });
}
