import { randomInt, randomUUID } from "node:crypto";

import { config } from "~/config.server";
import type { DeliveryReport } from "~/models/sms-delivery.server";
import { takeSendSlots, type SendSlots } from "~/models/sms-send-windows.server";
import { recordSimulatorReceipts } from "~/models/sms-simulator.server";

import { msg91Provider } from "./msg91.server";
import { registerSmsProviderFactory, type OutgoingSms, type SendOutcome, type SmsProvider } from "./sms.server";
import { twilioProvider } from "./twilio.server";

/**
 * The SMS provider the environment chooses (SMS_PROVIDER): the embedded simulator by default,
 * MSG91 or Twilio; behind the shared rate limit when SMS_RATE_LIMIT is set. The workers register it
 * with services/sms.server.ts when they load (registerConfiguredSmsProvider).
 * The simulator and the rate limit keep their state in the database, through their models.
 */

/** Why the simulator's failed messages failed, as operators report them, with the status each comes as. */
export const SIMULATED_FAILURES: ReadonlyArray<{ status: DeliveryReport["status"]; reason: string }> = [
  { status: "undelivered", reason: "Number switched off" },
  { status: "undelivered", reason: "Out of network coverage" },
  { status: "failed", reason: "DND registered" },
  { status: "failed", reason: "Invalid number" },
  { status: "failed", reason: "Blocked by the operator" },
  { status: "undelivered", reason: "Inbox full" },
];

export type SimulatorSettings = {
  /** The share of messages reported failed, 0 to 1. */
  failureShare: number;
  reportDelaySeconds: number;
  /** A number in [0, 1) per message: below failureShare, it fails (tests pass their own). */
  random?: () => number;
};

/**
 * The embedded provider: takes every message (logging each receipt, so a message received twice
 * has two rows), gives it an id, and reports it delivered or failed a few seconds later through the
 * delivery-report model, as a real provider's webhook would.
 */
export function simulatorProvider(settings: SimulatorSettings): SmsProvider {
  const random = settings.random ?? (() => randomInt(1_000_000) / 1_000_000);
  return {
    name: "simulator",
    async send(batch) {
      const outcomes: SendOutcome[] = [];
      const reports: DeliveryReport[] = [];
      for (const sms of batch) {
        const providerMessageId = `sim-${randomUUID()}`;
        outcomes.push({ messageId: sms.messageId, outcome: "accepted", providerMessageId });
        if (random() < settings.failureShare) {
          const failure = SIMULATED_FAILURES[randomInt(SIMULATED_FAILURES.length)];
          reports.push({ providerMessageId, ...failure });
        } else {
          reports.push({ providerMessageId, status: "delivered" });
        }
      }
      await recordSimulatorReceipts(batch, reports, settings.reportDelaySeconds);
      return outcomes;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A provider behind a rate limit of `perSecond` messages shared by every process on the database:
 * the batch goes in pieces of at most the limit, each once its slots in the current second are
 * taken, waiting for the next second when they are not.
 */
export function rateLimited(
  provider: SmsProvider,
  perSecond: number,
  take: (count: number, limit: number) => Promise<SendSlots> = takeSendSlots,
): SmsProvider {
  return {
    name: provider.name,
    async send(batch: OutgoingSms[]) {
      const outcomes: SendOutcome[] = [];
      for (let start = 0; start < batch.length; start += perSecond) {
        const piece = batch.slice(start, start + perSecond);
        for (;;) {
          const slots = await take(piece.length, perSecond);
          if (slots.granted) break;
          await sleep(slots.waitMs);
        }
        outcomes.push(...(await provider.send(piece)));
      }
      return outcomes;
    },
  };
}

/** Where Twilio posts status callbacks: our webhook on the public address it signs. */
export const TWILIO_STATUS_CALLBACK_PATH = "/api/sms/delivery/twilio";

/** The provider SMS_PROVIDER names, as configured, without the rate limit. */
export function configuredProvider(): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case "msg91":
      return msg91Provider({ authKey: config.MSG91_AUTH_KEY!, baseUrl: config.MSG91_BASE_URL });
    case "twilio":
      return twilioProvider({
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM,
        messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
        baseUrl: config.TWILIO_BASE_URL,
        statusCallbackUrl: `${config.PUBLIC_ORIGIN}${TWILIO_STATUS_CALLBACK_PATH}`,
      });
    case "simulator":
      return simulatorProvider({
        failureShare: config.SMS_SIMULATOR_FAILURE_SHARE,
        reportDelaySeconds: config.SMS_SIMULATOR_REPORT_DELAY_SECONDS,
      });
  }
}

/**
 * Makes the configured provider (behind the rate limit when one is set) the one `smsProvider()`
 * gives. Called by the workers at load: an explicit call, since the server's bundle drops a
 * module imported only for its side effects.
 */
export function registerConfiguredSmsProvider() {
  registerSmsProviderFactory(() => {
    const provider = configuredProvider();
    return config.SMS_RATE_LIMIT > 0 ? rateLimited(provider, config.SMS_RATE_LIMIT) : provider;
  });
}
