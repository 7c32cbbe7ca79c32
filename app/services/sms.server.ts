/**
 * SMS providers behind one adapter, shaped like services/mail.server.ts. The campaign worker hands
 * a batch of its messages to `smsProvider().send`; each comes back accepted (with the provider's
 * id, which delivery reports later quote), to be retried (5xx, timeout, rate-limited) or rejected
 * for good (4xx, with the provider's reason).
 */

/** One message as the operator checks it: DLT entity and template ids, the sender header, the text as rendered. */
export type OutgoingSms = {
  /** Ours (sms_messages.id): the simulator logs it, real providers carry it back where they can. */
  messageId: string;
  to: string;
  body: string;
  senderHeader: string;
  dltEntityId: string | null;
  dltTemplateId: string | null;
  /** The provider's own id for the template, where it sends by one (MSG91); null when not set. */
  providerTemplateId: string | null;
  encoding: "GSM-7" | "UCS-2";
  /** The template's {#var#} slot values in order, where the campaign has them: MSG91's Flow API fills its copy of the template with them (var1, var2, …). */
  variables?: string[];
};

export type SendOutcome =
  | { messageId: string; outcome: "accepted"; providerMessageId: string }
  | { messageId: string; outcome: "retry"; reason: string }
  | { messageId: string; outcome: "rejected"; reason: string };

export interface SmsProvider {
  /** The name stored on each message (sms_messages.provider): delivery reports are looked up by it and the provider's id. */
  readonly name: string;
  /** Hands a batch over; one outcome per message, in any order. Throws only for a failure of the whole batch (then every message is retried). */
  send(batch: OutgoingSms[]): Promise<SendOutcome[]>;
}

let provider: SmsProvider | undefined;
let makeDefault: (() => SmsProvider) | undefined;

/** The configured provider (services/sms-providers.server.ts registers how to make it). */
export function smsProvider(): SmsProvider {
  if (!provider) {
    if (!makeDefault) throw new Error("No SMS provider registered: import ~/services/sms-providers.server at start");
    provider = makeDefault();
  }
  return provider;
}

/** The providers module says how the configured provider is made. */
export function registerSmsProviderFactory(factory: () => SmsProvider) {
  makeDefault = factory;
}

/** Tests point the product at their own provider (or back at the configured one with undefined). */
export function useSmsProvider(replacement: SmsProvider | undefined) {
  provider = replacement;
}
