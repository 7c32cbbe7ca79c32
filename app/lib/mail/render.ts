/**
 * How every mail the product sends is laid out: a greeting, blocks (paragraphs, a table of facts,
 * a link) and the sign-off, rendered once as plain text and once as HTML. Every piece of text
 * (a business's name, an admin's reason, a post's words) is escaped in the HTML here, so no
 * template can forget it.
 */

/** A mail ready for the mailer (services/mail.server.ts adds who it goes to). */
export type Mail = { subject: string; text: string; html: string };

export type MailBlock =
  | { paragraph: string }
  /** Label and value pairs: an amount, a balance, an invoice number. */
  | { facts: ReadonlyArray<readonly [label: string, value: string]> }
  /** A link on a line of its own (the full address in the text part, a button in the HTML). */
  | { link: { label: string; url: string } }
  /** Someone else's words, set apart (the admin's reason, a post's text). */
  | { quote: string };

export type MailLayout = { subject: string; greeting: string; blocks: MailBlock[]; signOff: string };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

function blockText(block: MailBlock): string {
  if ("paragraph" in block) return block.paragraph;
  if ("facts" in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join("\n");
  if ("link" in block) return `${block.link.label}:\n${block.link.url}`;
  return block.quote
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}

const STYLE = {
  body: "margin:0;padding:16px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;font-size:16px;line-height:1.5",
  card: "max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:20px",
  facts: "border-collapse:collapse;margin:0 0 16px",
  label: "padding:4px 16px 4px 0;color:#475569;vertical-align:top",
  value: "padding:4px 0;font-weight:600",
  // 44 px tall: a thumb on a phone finds it.
  button:
    "display:inline-block;min-height:44px;line-height:44px;padding:0 20px;background:#0f766e;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600",
  quote: "margin:0 0 16px;padding:8px 12px;border-left:4px solid #cbd5e1;color:#334155;white-space:pre-wrap",
} as const;

function blockHtml(block: MailBlock): string {
  if ("paragraph" in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  if ("facts" in block) {
    const rows = block.facts
      .map(
        ([label, value]) =>
          `<tr><td style="${STYLE.label}">${escapeHtml(label)}</td><td style="${STYLE.value}">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    return `<table role="presentation" style="${STYLE.facts}">${rows}</table>`;
  }
  if ("link" in block) {
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link.url)}" style="${STYLE.button}">${escapeHtml(block.link.label)}</a></p>`;
  }
  return `<blockquote style="${STYLE.quote}">${escapeHtml(block.quote)}</blockquote>`;
}

export function renderMail({ subject, greeting, blocks, signOff }: MailLayout): Mail {
  const text = [greeting, ...blocks.map(blockText), signOff].join("\n\n");
  const html = [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.card}">`,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
    ...blocks.map(blockHtml),
    `<p style="margin:0;color:#475569">${escapeHtml(signOff)}</p>`,
    "</div></body></html>",
  ].join("");
  return { subject, text, html };
}
