import { formatRupees } from "../money";

import { en, type MailWords } from "./en";
import { renderMail, type Mail, type MailBlock } from "./render";

/**
 * The product's mails, all in one place: each is a function from its data to { subject, text, html }.
 * The words come from a language's dictionary (./en.ts); only English exists today, and every
 * template already takes the language, so translating the mail is adding a dictionary.
 */

export const MAIL_LANGUAGES = { en } satisfies Record<string, MailWords>;
export type MailLanguage = keyof typeof MAIL_LANGUAGES;

const wordsFor = (language: MailLanguage): MailWords => MAIL_LANGUAGES[language];

export type PasswordResetMailData = { name: string; link: string; minutes: number };

export function passwordResetMail(data: PasswordResetMailData, language: MailLanguage = "en"): Mail {
  const words = wordsFor(language);
  const said = words.passwordReset;
  return renderMail({
    subject: said.subject,
    greeting: words.greeting(data.name),
    blocks: [{ paragraph: said.asked }, { link: { label: said.openWithin(data), url: data.link } }, { paragraph: said.notYou }],
    signOff: words.signOff,
  });
}

export type VerificationMailData = { name: string; link: string; hours: number; openingCredits: number };

export function verificationMail(data: VerificationMailData, language: MailLanguage = "en"): Mail {
  const words = wordsFor(language);
  const said = words.verification;
  return renderMail({
    subject: said.subject,
    greeting: words.greeting(data.name),
    blocks: [
      { link: { label: said.openWithin(data), url: data.link } },
      ...(data.openingCredits > 0 ? [{ paragraph: said.openingCredits(data) }] : []),
      { paragraph: said.notYou },
    ],
    signOff: words.signOff,
  });
}

// ─── What the owner hears about: money and moderation ────────────────────────────────────────

export type PaymentReceivedMailData = {
  credits: number;
  packName: string;
  pricePaise: number;
  gstPaise: number;
  gstRatePercent: number;
  totalPaise: number;
  invoiceNumber: string;
  paymentId: string;
  /** The balance right after the credits came in (the purchase's ledger row). */
  balance: number;
  invoiceUrl: string;
};

export type OrderUnpaidMailData = {
  /** to_refund: paid after it expired, for a pack no longer on sale, so nothing was credited (refunded once the admin has). */
  status: "failed" | "expired" | "to_refund" | "refunded";
  paymentId: string | null;
  credits: number;
  packName: string;
  totalPaise: number;
  creditsUrl: string;
};

export type CreditsAdjustedMailData = {
  /** Signed: positive added, negative taken. */
  amount: number;
  reason: string | null;
  balance: number;
  creditsUrl: string;
};

export type PostRemovedMailData = { kind: "update" | "offer"; excerpt: string; reason: string | null; historyUrl: string };

export type CampaignFinishedMailData = {
  campaignName: string;
  status: "sent" | "failed";
  statusReason: string | null;
  counts: { recipients: number; sent: number; delivered: number; failed: number; awaiting: number; notSent: number };
  refunded: number;
  campaignUrl: string;
};

/** An event the owner is told about, by mail and on the dashboard, with what the mail says about it. */
export type OwnerNotice =
  | { kind: "payment_received"; data: PaymentReceivedMailData }
  | { kind: "order_unpaid"; data: OrderUnpaidMailData }
  | { kind: "credits_adjusted"; data: CreditsAdjustedMailData }
  | { kind: "post_removed"; data: PostRemovedMailData }
  | { kind: "campaign_finished"; data: CampaignFinishedMailData };

export type OwnerNoticeKind = OwnerNotice["kind"];

/** The kinds, for the mail job's data (jobs/catalogue.server.ts). */
export const OWNER_NOTICE_KINDS = [
  "payment_received",
  "order_unpaid",
  "credits_adjusted",
  "post_removed",
  "campaign_finished",
] as const satisfies readonly OwnerNoticeKind[];

type NoticeBody = { blocks: MailBlock[]; link: { label: string; url: string } };

/** Each notice's blocks, and the one link it leads to (the mail's button, the dashboard's link). */
function noticeBody(notice: OwnerNotice, words: MailWords): NoticeBody {
  switch (notice.kind) {
    case "payment_received": {
      const { data } = notice;
      const said = words.paymentReceived;
      return {
        blocks: [
          { paragraph: said.thanks(data) },
          {
            facts: [
              [said.pack, data.packName],
              [said.creditsAdded, words.credits(data.credits)],
              [said.price, formatRupees(data.pricePaise)],
              [said.gst(data), formatRupees(data.gstPaise)],
              [said.total, formatRupees(data.totalPaise)],
              [said.invoice, data.invoiceNumber],
              [said.payment, data.paymentId],
              [said.balance, words.credits(data.balance)],
            ],
          },
        ],
        link: { label: said.openInvoice, url: data.invoiceUrl },
      };
    }
    case "order_unpaid": {
      const { data } = notice;
      const said = words.orderUnpaid;
      return {
        blocks: [
          { paragraph: said.what(data) },
          {
            facts: [
              [said.pack, `${data.packName} (${words.credits(data.credits)})`],
              [said.amount, formatRupees(data.totalPaise)],
            ],
          },
          { paragraph: said.money(data) },
          { paragraph: said.tryAgain },
        ],
        link: { label: said.buyCredits, url: data.creditsUrl },
      };
    }
    case "credits_adjusted": {
      const { data } = notice;
      const said = words.creditsAdjusted;
      return {
        blocks: [
          { paragraph: said.what(data) },
          ...(data.reason ? [{ paragraph: said.reasonIntro }, { quote: data.reason }] : []),
          {
            facts: [
              [said.change, said.changeValue(data)],
              [said.balance, words.credits(data.balance)],
            ],
          },
        ],
        link: { label: said.openLedger, url: data.creditsUrl },
      };
    }
    case "post_removed": {
      const { data } = notice;
      const said = words.postRemoved;
      return {
        blocks: [
          { paragraph: said.what(data) },
          ...(data.reason ? [{ paragraph: said.reasonIntro }, { quote: data.reason }] : [{ paragraph: said.noReason }]),
          { paragraph: said.yourPost },
          { quote: data.excerpt },
          { paragraph: said.noRefund },
        ],
        link: { label: said.openHistory, url: data.historyUrl },
      };
    }
    case "campaign_finished": {
      const { data } = notice;
      const said = words.campaignFinished;
      const refundedNote = said.refundedNote(data);
      return {
        blocks: [
          { paragraph: said.what(data) },
          ...(data.status === "failed" && data.statusReason ? [{ paragraph: `${said.why} ${data.statusReason}` }] : []),
          {
            facts: [
              [said.recipients, String(data.counts.recipients)],
              [said.sent, String(data.counts.sent)],
              [said.delivered, String(data.counts.delivered)],
              [said.failed, String(data.counts.failed)],
              ...(data.counts.awaiting > 0 ? [[said.awaiting, String(data.counts.awaiting)] as const] : []),
              [said.notSent, String(data.counts.notSent)],
              [said.refunded, words.credits(data.refunded)],
            ],
          },
          ...(refundedNote ? [{ paragraph: refundedNote }] : []),
        ],
        link: { label: said.openCampaign, url: data.campaignUrl },
      };
    }
  }
}

/** What the notice is about, in one line: the mail's subject and the dashboard's line. */
export function ownerNoticeHeadline(notice: OwnerNotice, language: MailLanguage = "en"): string {
  const words = wordsFor(language);
  switch (notice.kind) {
    case "payment_received":
      return words.paymentReceived.subject(notice.data);
    case "order_unpaid":
      return words.orderUnpaid.subject(notice.data);
    case "credits_adjusted":
      return words.creditsAdjusted.subject(notice.data);
    case "post_removed":
      return words.postRemoved.subject(notice.data);
    case "campaign_finished":
      return words.campaignFinished.subject(notice.data);
  }
}

/** Where the notice leads, with the words of its button. */
export function ownerNoticeLink(notice: OwnerNotice, language: MailLanguage = "en") {
  return noticeBody(notice, wordsFor(language)).link;
}

/** The mail telling the owner about the notice. */
export function ownerNoticeMail(notice: OwnerNotice, recipient: { name: string }, language: MailLanguage = "en"): Mail {
  const words = wordsFor(language);
  const body = noticeBody(notice, words);
  return renderMail({
    subject: ownerNoticeHeadline(notice, language),
    greeting: words.greeting(recipient.name),
    blocks: [...body.blocks, { link: body.link }],
    signOff: words.signOff,
  });
}
