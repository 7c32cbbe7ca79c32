/** post and offer templates start a post or an offer (the posts table's 'update' and 'offer'); sms ones a campaign. */
export const TEMPLATE_KINDS = ["post", "offer", "sms"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** DLT's three kinds of SMS template: promotional ones go out only inside the sending window and carry the opt-out line. */
export const SMS_CATEGORIES = ["promotional", "service", "transactional"] as const;
export type SmsCategory = (typeof SMS_CATEGORIES)[number];

/** The SMS category choices of a template form (the admin's and a business's own), as DLT names them. */
export const SMS_CATEGORY_OPTIONS: ReadonlyArray<{ value: SmsCategory; label: string }> = [
  { value: "promotional", label: "Promotional (sent 10:00–21:00 only, with the opt-out line)" },
  { value: "service", label: "Service" },
  { value: "transactional", label: "Transactional" },
];
