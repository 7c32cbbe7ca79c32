import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, vi } from "vitest";

import { smtpMailer, useMailer } from "~/services/mail.server";

/** `text` is the plain-text part, `html` the HTML part when the mail has one. */
export type ReceivedMail = { from: string; to: string[]; raw: string; text: string; html: string | null };

export type SmtpSink = { url: string; port: number; inbox: ReceivedMail[]; close(): Promise<void> };

/** Undoes quoted-printable, which mailers use for lines longer than 76 characters and for letters outside ASCII. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let at = 0; at < joined.length; at += 1) {
    const escaped = joined[at] === "=" ? /^[0-9A-F]{2}$/i.exec(joined.slice(at + 1, at + 3)) : null;
    if (escaped) {
      bytes.push(parseInt(escaped[0], 16));
      at += 2;
    } else {
      bytes.push(...Buffer.from(joined[at]));
    }
  }
  // The escapes are UTF-8 bytes ('₹' is three of them): decoded together, not one character each.
  return Buffer.from(bytes).toString("utf8");
}

/** A MIME entity's headers and its body, decoded by its Content-Transfer-Encoding. */
function entity(raw: string): { head: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(head)) return { head, body: decodeQuotedPrintable(body) };
  if (/^Content-Transfer-Encoding:\s*base64/im.test(head)) return { head, body: Buffer.from(body, "base64").toString() };
  return { head, body };
}

/** The mail's parts by type: a single-part mail is its one part; multipart/alternative (text and HTML) is split on its boundary. */
function bodyParts(raw: string): { text: string; html: string | null } {
  const whole = entity(raw);
  const boundary = /^Content-Type:\s*multipart\/[a-z]+;[\s\S]*?boundary="?([^"\r\n;]+)"?/im.exec(whole.head)?.[1];
  if (!boundary) return { text: whole.body, html: null };
  const parts = whole.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .map((part) => entity(part.replace(/^\r?\n/, "")));
  const ofType = (type: string) => parts.find((part) => new RegExp(`^Content-Type:\\s*${type}`, "im").test(part.head))?.body ?? null;
  return { text: ofType("text/plain") ?? "", html: ofType("text/html") };
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
          ...bodyParts(raw),
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
