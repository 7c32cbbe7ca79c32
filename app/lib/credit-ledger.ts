/** What each kind of balance change is called on /credits, in its CSV and in the API. */
export const LEDGER_REASON_LABELS = {
  opening_balance: "Opening balance",
  post: "Post",
  offer: "Offer",
  sms: "SMS",
  campaign: "Campaign",
  purchase: "Purchase",
  refund: "Refund",
  admin_adjustment: "Admin adjustment",
} as const;

export type LedgerReasonName = keyof typeof LEDGER_REASON_LABELS;

/** Ledger rows on one page of /credits and of GET /api/credits. */
export const LEDGER_PAGE_SIZE = 20;

/** A '+100' or '−5' for a signed number of credits. */
export function signedCredits(amount: number): string {
  return amount > 0 ? `+${amount.toLocaleString("en-IN")}` : `−${Math.abs(amount).toLocaleString("en-IN")}`;
}
