/** What search results and link previews say about the product where a page has nothing more specific. */
export const SITE_DESCRIPTION =
  "Browse posts and offers from local businesses near you. Businesses: reach your neighbourhood with posts, offers and SMS.";
