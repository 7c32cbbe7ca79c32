import { countOf, formatCount } from "../format-count";
import { formatRupees } from "../money";

import type {
  CampaignFinishedMailData,
  CreditsAdjustedMailData,
  OrderUnpaidMailData,
  PasswordResetMailData,
  PaymentReceivedMailData,
  PostRemovedMailData,
  VerificationMailData,
} from "./templates";

/**
 * Every word of the product's mail in English. A second language is a second object of this
 * shape (MailWords): functions, not strings, because numbers, plurals and word order differ
 * between languages; which blocks a mail has, and in what order, stays in ./templates.ts.
 */
export const en = {
  greeting: (name: string) => `Hello ${name},`,
  signOff: "The iSent team",
  credits: (value: number) => countOf(value, "credit"),

  passwordReset: {
    subject: "Reset your iSent password",
    asked: "Someone (hopefully you) asked to reset the password of your iSent account.",
    openWithin: ({ minutes }: PasswordResetMailData) => `Open this link within ${minutes} minutes to choose a new password`,
    notYou: "If you did not ask for this, ignore this email: your password stays as it is.",
  },

  verification: {
    subject: "Verify your email for iSent",
    openWithin: ({ hours }: VerificationMailData) =>
      `Please confirm that this is your email address. Open this link within ${hours} hours and press 'Verify my email'`,
    openingCredits: ({ openingCredits }: VerificationMailData) =>
      `Your ${openingCredits} opening credits are added to your balance as soon as you do.`,
    notYou: "If you did not register with iSent, ignore this email.",
  },

  paymentReceived: {
    subject: ({ credits }: PaymentReceivedMailData) => `Payment received: ${countOf(credits, "credit")} added`,
    thanks: ({ totalPaise, credits }: PaymentReceivedMailData) =>
      `Thank you: we received your payment of ${formatRupees(totalPaise)}, and ${countOf(credits, "credit")} are in your balance.`,
    pack: "Pack",
    creditsAdded: "Credits added",
    price: "Price",
    gst: ({ gstRatePercent }: PaymentReceivedMailData) => `GST (${gstRatePercent}%)`,
    total: "Total paid",
    invoice: "Invoice",
    payment: "Payment id",
    balance: "Balance now",
    openInvoice: "Open your GST invoice",
  },

  orderUnpaid: {
    subject: ({ status }: OrderUnpaidMailData) =>
      ({
        failed: "Your payment did not go through",
        expired: "Your credits order expired unpaid",
        to_refund: "Your late payment will be refunded",
        refunded: "Your late payment was refunded",
      })[status],
    what: ({ status, totalPaise, credits }: OrderUnpaidMailData) => {
      const order = `your order for ${countOf(credits, "credit")}`;
      if (status === "failed") return `Your payment of ${formatRupees(totalPaise)} for ${countOf(credits, "credit")} did not go through.`;
      if (status === "expired")
        return `Your order for ${countOf(credits, "credit")} (${formatRupees(totalPaise)}) was not paid before its payment link ended.`;
      return `Your payment of ${formatRupees(totalPaise)} arrived after ${order} had expired, and that pack is no longer on sale: no credits were added.`;
    },
    money: ({ status, paymentId }: OrderUnpaidMailData) =>
      status === "to_refund" || status === "refunded"
        ? `${status === "to_refund" ? "We will refund" : "We refunded"} the payment${paymentId ? ` (${paymentId})` : ""} in full; a refund usually reaches your account within 5 to 7 working days.`
        : "Nothing was charged and your balance is as it was. If money left your account all the same, your bank returns it, usually within 5 to 7 working days.",
    tryAgain: "To buy credits, start a new order: it takes a minute.",
    pack: "Pack",
    amount: "Amount",
    buyCredits: "Buy credits",
  },

  creditsAdjusted: {
    subject: ({ amount }: CreditsAdjustedMailData) =>
      amount > 0 ? `${countOf(amount, "credit")} added to your balance` : `${countOf(-amount, "credit")} taken from your balance`,
    what: ({ amount }: CreditsAdjustedMailData) =>
      amount > 0
        ? `The iSent team added ${countOf(amount, "credit")} to your balance.`
        : `The iSent team took ${countOf(-amount, "credit")} from your balance.`,
    reasonIntro: "Their reason:",
    change: "Change",
    changeValue: ({ amount }: CreditsAdjustedMailData) => `${amount > 0 ? "+" : "−"}${formatCount(Math.abs(amount))}`,
    balance: "Balance now",
    openLedger: "See your credits and ledger",
  },

  postRemoved: {
    subject: ({ kind }: PostRemovedMailData) =>
      kind === "offer" ? "Your offer was removed from the feed" : "Your post was removed from the feed",
    what: ({ kind }: PostRemovedMailData) =>
      `The iSent team removed your ${kind === "offer" ? "offer" : "post"} from the public feed: people near you no longer see it.`,
    yourPost: "What it said:",
    reasonIntro: "Their reason:",
    noReason: "They gave no reason.",
    noRefund: "Credits paid for it are not refunded. If you think this is a mistake, reply to this email.",
    openHistory: "Open your posts history",
  },

  campaignFinished: {
    subject: ({ campaignName, status }: CampaignFinishedMailData) =>
      status === "sent" ? `Campaign finished: ${campaignName}` : `Campaign failed: ${campaignName}`,
    what: ({ status, counts }: CampaignFinishedMailData) =>
      status === "sent"
        ? `Your SMS campaign has finished: ${countOf(counts.sent, "message")} went to the operator.`
        : "Your SMS campaign could not send any message.",
    why: "Why:",
    recipients: "Recipients",
    sent: "Sent",
    delivered: "Delivered",
    failed: "Failed or undelivered",
    awaiting: "Awaiting a delivery report",
    notSent: "Not sent (opted out or cancelled)",
    refunded: "Credits refunded",
    refundedNote: ({ refunded }: CampaignFinishedMailData) =>
      refunded > 0 ? `${countOf(refunded, "credit")} for messages that did not go out are back in your balance.` : null,
    openCampaign: "Open the campaign",
  },
};

export type MailWords = typeof en;
