import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import { config } from "~/config.server";
import { logger } from "~/utils/logger.server";
import { countMail } from "~/utils/metrics.server";

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
      logger.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox");
    },
  };
}

let mailer: Mailer | undefined;

function configuredMailer(): Mailer {
  mailer ??= config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(path.resolve(config.DATA_DIR, "outbox"), config.MAIL_FROM);
  return mailer;
}

/** Every mail goes through here, so each is counted as sent or failed (GET /metrics), whichever mailer takes it. */
const countingMailer: Mailer = {
  async send(message) {
    try {
      await configuredMailer().send(message);
    } catch (error) {
      countMail("failed");
      throw error;
    }
    countMail("sent");
  },
};

export function getMailer(): Mailer {
  return countingMailer;
}

/** Tests point the product at their own mailer. */
export function useMailer(replacement: Mailer | undefined) {
  mailer = replacement;
}
