import { paths } from "~/lib/paths";

/**
 * The workspace's places, for the phone's tab bar (four places and More) and the wide screen's
 * sidebar alike. `matches`: the paths that belong to a place (a contact's edit page is Contacts).
 */
export type NavPlace = { id: string; title: string; tabTitle?: string; to: string; matches: string[] };

const place = (id: string, title: string, to: string, matches: string[] = [to], extra: Partial<NavPlace> = {}): NavPlace => ({
  id,
  title,
  to,
  matches,
  ...extra,
});

/** In the tab bar on phones, in this order, before More. */
export const TAB_PLACES: readonly NavPlace[] = [
  place("home", "Dashboard", paths.app(), [], { tabTitle: "Home" }),
  place("post", "Send Post", paths.sendPost(), [paths.sendPost()], { tabTitle: "Post" }),
  place("contacts", "Contacts", paths.contacts(), [paths.contacts(), paths.addContact(), paths.addCustomerContact(), "/edit-contact/"]),
  place("history", "Posts History", paths.postsHistory(), [paths.postsHistory()], { tabTitle: "History" }),
];

/** Under More on phones, after the tab places in the sidebar. */
export const MORE_PLACES: readonly NavPlace[] = [
  place("offers", "Send Offers", paths.sendOffers()),
  place("templates", "Templates", paths.addTemplates(), [paths.addTemplates(), "/template-preview/"]),
  place("card", "Business Card", paths.businessCard()),
  place("learn", "Learn", paths.learn()),
  place("feed", "Public Feed", paths.feed(), []),
  place("campaigns", "Campaigns", paths.campaigns()),
  place("sms-history", "SMS History", paths.smsHistory()),
];

/** The place a path belongs to: the dashboard by its exact path, the others by their paths' beginnings. */
export function currentPlace(pathname: string): NavPlace | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === paths.app()) return TAB_PLACES[0];
  return (
    [...TAB_PLACES, ...MORE_PLACES].find((candidate) =>
      candidate.matches.some((match) => (match.endsWith("/") ? path.startsWith(match) : path === match || path.startsWith(`${match}/`))),
    ) ?? null
  );
}
