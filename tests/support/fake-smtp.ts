import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, vi } from "vitest";

import { smtpMailer, useMailer } from "~/services/mail.server";

export type ReceivedMail = { from: string; to: string[]; raw: string; text: string };

export type SmtpSink = { url: string; port: number; inbox: ReceivedMail[]; close(): Promise<void> };

/** Undoes quoted-printable, which mailers use for lines longer than 76 characters. */
function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function bodyText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) return decodeQuotedPrintable(body);
  if (/^Content-Transfer-Encoding:\s*base64/im.test(head)) return Buffer.from(body, "base64").toString();
  return body;
}

/** A real SMTP server on 127.0.0.1 (a free port, no TLS, no login) that keeps every message it is given. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString();
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          text: bodyText(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test file's mail: a sink started before its tests, with the product's mailer pointed at it
 * (useMailer), stopped after them.
 */
export function mailSinkForTests(from: string) {
  let sink: SmtpSink | undefined;
  const started = () => {
    if (!sink) throw new Error("The mail sink starts in beforeAll");
    return sink;
  };
  beforeAll(async () => {
    sink = await startSmtpSink();
    useMailer(smtpMailer(sink.url, from));
  });
  afterAll(async () => {
    useMailer(undefined);
    await sink?.close();
  });
  return {
    get inbox() {
      return started().inbox;
    },
    /** Points the product's mailer back at the sink, after a test swapped it. */
    useAgain() {
      useMailer(smtpMailer(started().url, from));
    },
    /** The first mail to `email` after the first `after` of the inbox; mails go from a background job, after the answer, so it waits. */
    mailTo(email: string, after = 0): Promise<ReceivedMail> {
      return vi.waitFor(
        () => {
          const mail = started()
            .inbox.slice(after)
            .find((message) => message.to.includes(email));
          if (!mail) throw new Error(`No mail to ${email} yet`);
          return mail;
        },
        { timeout: 15_000, interval: 100 },
      );
    },
  };
}
