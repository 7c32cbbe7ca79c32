/** post and offer templates start a post or an offer (the posts table's 'update' and 'offer'); sms ones a campaign. */
export const TEMPLATE_KINDS = ["post", "offer", "sms"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** DLT's three kinds of SMS template: promotional ones go out only inside the sending window and carry the opt-out line. */
export const SMS_CATEGORIES = ["promotional", "service", "transactional"] as const;
export type SmsCategory = (typeof SMS_CATEGORIES)[number];
