import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import { config } from "~/config.server";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends mail. SMTP (nodemailer) when SMTP_URL is set; otherwise the embedded outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Offline default: each message is written to DATA_DIR/outbox as JSON and
 * logged, so password resets work on a machine with no mail server.
 */
export function outboxMailer(directory: string, from: string): Mailer {
  return {
    async send(message) {
      await mkdir(directory, { recursive: true });
      const sentAt = new Date();
      const file = path.join(directory, `${sentAt.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.json`);
      await writeFile(file, JSON.stringify({ from, ...message, sentAt: sentAt.toISOString() }, null, 2));
      console.log(`[mail] to ${message.to}: "${message.subject}" written to ${file}`);
    },
  };
}

let mailer: Mailer | undefined;

export function getMailer(): Mailer {
  mailer ??= config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(path.resolve(config.DATA_DIR, "outbox"), config.MAIL_FROM);
  return mailer;
}

/** Tests point the product at their own mailer. */
export function useMailer(replacement: Mailer | undefined) {
  mailer = replacement;
}
