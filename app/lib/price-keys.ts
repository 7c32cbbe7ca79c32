/** What each billable action costs is one row a key (the admin edits them at /admin/sms-pricing). */
export const PRICE_KEYS = ["opening_balance", "post", "offer", "sms"] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];
