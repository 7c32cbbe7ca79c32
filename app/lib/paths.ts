/**
 * Every workspace and admin URL, built in one place: a screen that moves changes here only, and an
 * id is always encoded. (The feed's own URLs are made by lib/feed-url.ts and lib/share.ts.)
 */
const id = (value: string) => encodeURIComponent(value);

function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The /edit-profile fields a link can go straight to: each is the id of its field on the page. */
export const PROFILE_FIELDS = { businessName: "business-name", categories: "categories", phone: "phone", image: "profile-image" } as const;

type PageVersionQuery = { version?: string };

export const paths = {
  feed: () => "/",
  login: (query: { redirectTo?: string } = {}) => withQuery("/login", query),
  app: () => "/app",
  /** The composer; `template` starts it from that template (filled with the business's details). */
  sendPost: (query: { template?: string } = {}) => withQuery("/send-post", query),
  sendOffers: (query: { template?: string } = {}) => withQuery("/send-offers", query),
  /** A published (or scheduled) post as its business sees it right after. */
  success: (postId: string) => withQuery("/success", { post: postId }),
  /** The history's page, or with `delete` the step that asks to confirm deleting that post (without JavaScript). */
  postsHistory: (query: { page?: number; delete?: string } = {}) =>
    withQuery("/posts-history", { page: query.page && query.page > 1 ? query.page : undefined, delete: query.delete }),
  /** The composer correcting one of the business's own posts (free, within its life). */
  editPost: (postId: string) => `/posts-history/${id(postId)}/edit`,
  contacts: (query: { q?: string; tag?: string; page?: number } = {}) =>
    withQuery("/contacts", { ...query, page: query.page && query.page > 1 ? query.page : undefined }),
  contactsImport: () => "/contacts/import",
  contactImport: (importId: string) => `/contacts/import/${id(importId)}`,
  contactImportErrors: (importId: string) => `/contacts/import/${id(importId)}/errors.csv`,
  contactsExport: (query: { q?: string; tag?: string } = {}) => withQuery("/contacts/export.csv", query),
  addContact: () => "/add-contact",
  addCustomerContact: () => "/add-customer-contact",
  editContact: (contactId: string) => `/edit-contact/${id(contactId)}`,
  /** The campaigns, newest first (`page`). */
  campaigns: (query: { page?: number } = {}) => withQuery("/campaigns", { page: query.page && query.page > 1 ? query.page : undefined }),
  /** The composer; `contactId` starts a campaign to that one contact (from its page). */
  newCampaign: (query: { contactId?: string } = {}) => withQuery("/campaigns/new", query),
  /** The composer's live count: its form's fields are posted. */
  campaignEstimate: () => "/campaigns/new/estimate",
  campaign: (campaignId: string) => `/campaigns/${id(campaignId)}`,
  /** The business's own DLT SMS templates: the list, a new one, one to edit (or delete). */
  smsTemplates: () => "/campaigns/templates",
  newSmsTemplate: () => "/campaigns/templates/new",
  smsTemplate: (templateId: string) => `/campaigns/templates/${id(templateId)}`,
  /** Every message sent, filtered by campaign, status and days in India ('YYYY-MM-DD'), paged. */
  smsHistory: (query: { campaignId?: string; status?: string; from?: string; to?: string; page?: number } = {}) =>
    withQuery("/sms-history", { ...query, page: query.page && query.page > 1 ? query.page : undefined }),
  addTemplates: (query: { category?: string | null } = {}) => withQuery("/add-templates", query),
  templatePreview: (templateId: string) => `/template-preview/${id(templateId)}`,
  businessCard: () => "/app/business-card",
  /** A design filled with the signed-in business's details; `version` changes with them. */
  /** A design filled with the business's card; `mobile` draws it with the owner's mobile on or off whatever was saved (the chooser's previews). */
  businessCardPreview: (designId: string, version: string, query: { mobile?: "on" | "off" } = {}) =>
    withQuery(`/app/business-card/preview/${id(designId)}`, { v: version, ...query }),
  card: (cardId: string) => `/card/${id(cardId)}`,
  /** The card's drawings; `version` changes with the card, so a changed card has new URLs. */
  cardImage: (cardId: string, file: "card.png" | "og.jpg", version: string, query: { download?: 1 } = {}) =>
    withQuery(`/card/${id(cardId)}/${file}`, { v: version, ...query }),
  cardQrCode: (cardId: string) => `/card/${id(cardId)}/qr.png`,
  cardContact: (cardId: string) => `/card/${id(cardId)}/contact.vcf`,
  learn: () => "/learn",
  learnArticle: (slug: string) => `/learn/${id(slug)}`,
  /** The profile form; with a field, at that field (the browser scrolls to it). */
  editProfile: (field?: keyof typeof PROFILE_FIELDS) => (field ? `/edit-profile#${PROFILE_FIELDS[field]}` : "/edit-profile"),
  editProfileLocation: () => "/edit-profile/location",
  settings: () => "/settings",
  settingsData: () => "/settings/data.json",
  termsConditions: () => "/terms-conditions",
  privacyTerms: () => "/privacy-terms",
  logout: () => "/logout",
  /** The balance, the packs on sale and the ledger (`page`). */
  credits: (query: { page?: number } = {}) => withQuery("/credits", { page: query.page && query.page > 1 ? query.page : undefined }),
  creditsLedgerCsv: () => "/credits/ledger.csv",
  /** Where the payment gateway sends the buyer back (its query carries the signed result). */
  creditsCallback: () => "/credits/callback",
  creditOrder: (orderId: string) => `/credits/orders/${id(orderId)}`,
  invoice: (invoiceId: string) => `/credits/invoices/${id(invoiceId)}`,
  /** The built-in test gateway's hosted payment page. */
  testGatewayPage: (linkId: string) => `/test-gateway/pay/${id(linkId)}`,
  admin: {
    dashboard: () => "/admin",
    /** `redirectTo`: the admin page first asked for, opened after sign-in. */
    login: (query: { redirectTo?: string } = {}) => withQuery("/admin/login", query),
    createUser: () => "/admin/create-user",
    logout: () => "/admin/logout",
    /** Every post and offer, filtered, sorted and paged by the query (empty values left out). */
    feed: (
      query: {
        q?: string | null;
        status?: string | null;
        kind?: string | null;
        city?: string | null;
        category?: string | null;
        business?: string | null;
        reported?: boolean;
        sort?: string | null;
        page?: number;
      } = {},
    ) =>
      withQuery("/admin/feed", {
        ...query,
        reported: query.reported ? 1 : undefined,
        sort: query.sort === "newest" ? undefined : query.sort,
        page: query.page && query.page > 1 ? query.page : undefined,
      }),
    feedPost: (postId: string) => `/admin/feed/${id(postId)}`,
    /** The template list, with its filters and page as the query. */
    templates: (query: { q?: string; kind?: string; category?: string; status?: string; owner?: string; page?: number } = {}) =>
      withQuery("/admin/templates", { ...query, page: query.page && query.page > 1 ? query.page : undefined }),
    /** A new template of a kind ('post' unless told). */
    addTemplate: (query: { kind?: string } = {}) => withQuery("/admin/templates/add", query),
    templateCategories: () => "/admin/templates/categories",
    editTemplate: (templateId: string) => `/admin/templates/edit/${id(templateId)}`,
    categories: () => "/admin/categories",
    /** A category's page; `delete` opens its delete step (where its posts and businesses go). */
    category: (categoryId: string, query: { delete?: 1 } = {}) => withQuery(`/admin/categories/${id(categoryId)}`, query),
    businessCards: () => "/admin/business-cards",
    newCardDesign: () => "/admin/business-cards/new",
    cardDesign: (designId: string) => `/admin/business-cards/${id(designId)}`,
    /** A design drawn with the sample business; `version` changes with the design, so an edited one has a new URL. */
    cardDesignPreview: (designId: string, version: string) =>
      withQuery(`/admin/business-cards/${id(designId)}/preview.webp`, { v: version }),
    /** The businesses: search `q`, `status`, `sort` and `page` (defaults left out of the URL). */
    users: (query: { q?: string; status?: string; sort?: string; page?: number } = {}) =>
      withQuery("/admin/users", {
        q: query.q,
        status: query.status === "all" ? undefined : query.status,
        sort: query.sort === "newest" ? undefined : query.sort,
        page: query.page && query.page > 1 ? query.page : undefined,
      }),
    /** A business's page; `ledger` is the page of its ledger. */
    user: (userId: string, query: { ledger?: number } = {}) =>
      withQuery(`/admin/users/${id(userId)}`, { ledger: query.ledger && query.ledger > 1 ? query.ledger : undefined }),
    smsPricing: () => "/admin/sms-pricing",
    /** Every order of every business: `status` (or 'to-look-at', what the dashboard counts), search `q`, days `from`/`to`, `page`. */
    payments: (query: { status?: string | null; q?: string | null; from?: string | null; to?: string | null; page?: number } = {}) =>
      withQuery("/admin/payments", { ...query, page: query.page && query.page > 1 ? query.page : undefined }),
    /** The GST invoice register of a month ('2026-11') as CSV. */
    paymentsRegister: (query: { month?: string } = {}) => withQuery("/admin/payments/register.csv", query),
    /** The mail a demo keeps on the server instead of sending (the Outbox), newest first; `to` filters by recipient. */
    outbox: (query: { to?: string; page?: number } = {}) =>
      withQuery("/admin/outbox", { to: query.to || undefined, page: query.page && query.page > 1 ? query.page : undefined }),
    /** The page editors; `version` shows that saved version beside the editor, to restore it. */
    termsConditions: (query: PageVersionQuery = {}) => withQuery("/admin/terms-conditions", query),
    privacyTerms: (query: PageVersionQuery = {}) => withQuery("/admin/privacy-terms", query),
    aboutUs: (query: PageVersionQuery = {}) => withQuery("/admin/about-us", query),
    contactUs: (query: PageVersionQuery = {}) => withQuery("/admin/contact-us", query),
    learnArticles: () => "/admin/learn",
    newLearnArticle: () => "/admin/learn/new",
    learnArticle: (slug: string, query: PageVersionQuery = {}) => withQuery(`/admin/learn/${id(slug)}`, query),
    /** Every business's messages, filtered by business (name, email or id), campaign, status and days in India, paged. */
    smsHistory: (query: { business?: string; campaignId?: string; status?: string; from?: string; to?: string; page?: number } = {}) =>
      withQuery("/admin/sms-history", { ...query, page: query.page && query.page > 1 ? query.page : undefined }),
    /** Every business's campaigns, filtered by business, status and days in India, paged. */
    campaigns: (query: { business?: string; status?: string; from?: string; to?: string; page?: number } = {}) =>
      withQuery("/admin/campaigns", { ...query, page: query.page && query.page > 1 ? query.page : undefined }),
    campaign: (campaignId: string) => `/admin/campaigns/${id(campaignId)}`,
    smsSettings: () => "/admin/campaigns/settings",
  },
};
