import { randomUUID } from "node:crypto";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";

import nodemailer from "nodemailer";

import { config } from "~/config.server";
import { logger } from "~/utils/logger.server";
import { countMail } from "~/utils/metrics.server";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends mail. SMTP (nodemailer) when SMTP_URL is set; otherwise the embedded outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The embedded outbox's directory: its mail is kept on this server, not sent. */
  readonly outbox?: string;
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
    outbox: directory,
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

/** Where the mail is kept when it is not sent (the demo's outbox, which the admin reads), or null when it goes out. */
export function keptMailDirectory(): string | null {
  return configuredMailer().outbox ?? null;
}

export type KeptMail = { file: string; from: string; to: string; subject: string; text: string; sentAt: string };

/** The Outbox's page size, and how many of its newest files a search by recipient reads at most (a bound on one request's work). */
export const KEPT_MAIL_PAGE_SIZE = 20;
export const KEPT_MAIL_SEARCHED = 2000;

/**
 * The mail kept in an outbox directory, newest first (a file's name starts with its time), a page at
 * a time; `to` keeps the mail to addresses containing it, among the newest KEPT_MAIL_SEARCHED files.
 * A file still being written, or not one of ours, is left out.
 */
export async function readKeptMail(
  directory: string,
  { page, to }: { page: number; to?: string },
): Promise<{ mails: KeptMail[]; hasNextPage: boolean; searchedAll: boolean }> {
  const files = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const newestFirst = files
    .filter((file) => file.endsWith(".json"))
    .sort()
    .reverse();
  const start = (page - 1) * KEPT_MAIL_PAGE_SIZE;
  if (!to) {
    const mails = await readMails(directory, newestFirst.slice(start, start + KEPT_MAIL_PAGE_SIZE));
    return { mails, hasNextPage: newestFirst.length > start + KEPT_MAIL_PAGE_SIZE, searchedAll: true };
  }
  const needle = to.toLowerCase();
  const searched = newestFirst.slice(0, KEPT_MAIL_SEARCHED);
  const matching = (await readMails(directory, searched)).filter((mail) => mail.to.toLowerCase().includes(needle));
  return {
    mails: matching.slice(start, start + KEPT_MAIL_PAGE_SIZE),
    hasNextPage: matching.length > start + KEPT_MAIL_PAGE_SIZE,
    searchedAll: searched.length === newestFirst.length,
  };
}

/** Reads kept mails 50 files at a time (a search reads up to KEPT_MAIL_SEARCHED: never that many open files at once). */
async function readMails(directory: string, files: string[]): Promise<KeptMail[]> {
  const mails: KeptMail[] = [];
  for (let at = 0; at < files.length; at += 50) {
    const batch = await Promise.all(files.slice(at, at + 50).map((file) => readMail(directory, file)));
    mails.push(...batch.filter((mail) => mail !== null));
  }
  return mails;
}

async function readMail(directory: string, file: string): Promise<KeptMail | null> {
  try {
    const mail = JSON.parse(await readFile(path.join(directory, file), "utf8")) as Partial<KeptMail>;
    if (typeof mail.to !== "string" || typeof mail.text !== "string") return null;
    return {
      file,
      from: String(mail.from ?? ""),
      to: mail.to,
      subject: String(mail.subject ?? ""),
      text: mail.text,
      sentAt: String(mail.sentAt ?? ""),
    };
  } catch {
    return null;
  }
}

/** Tests point the product at their own mailer. */
export function useMailer(replacement: Mailer | undefined) {
  mailer = replacement;
}
