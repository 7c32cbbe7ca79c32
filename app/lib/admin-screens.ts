import { matchPath } from "@remix-run/react";

/**
 * The admin area's screens, once: the sidebar and the phone menu list the `nav` ones, and the
 * catch-all route (admin+/$.tsx) answers 'Coming soon' for one not `built` yet and 404 for any
 * other address. Building a screen means giving it its route file and `built: true` here.
 */
export type AdminScreen = { pattern: string; title: string; nav: boolean; built: boolean };

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { pattern: "/admin", title: "Dashboard", nav: true, built: true },
  { pattern: "/admin/feed", title: "Feed", nav: true, built: true },
  { pattern: "/admin/feed/:id", title: "Post", nav: false, built: true },
  { pattern: "/admin/templates", title: "Templates", nav: true, built: true },
  { pattern: "/admin/templates/add", title: "Add Template", nav: false, built: true },
  { pattern: "/admin/templates/edit/:id", title: "Edit Template", nav: false, built: true },
  { pattern: "/admin/templates/categories", title: "Template Categories", nav: false, built: true },
  { pattern: "/admin/categories", title: "Categories", nav: true, built: true },
  { pattern: "/admin/categories/:id", title: "Category", nav: false, built: true },
  { pattern: "/admin/business-cards", title: "Business Cards", nav: true, built: true },
  { pattern: "/admin/business-cards/new", title: "Add Card Design", nav: false, built: true },
  { pattern: "/admin/business-cards/:id", title: "Card Design", nav: false, built: true },
  { pattern: "/admin/users", title: "Users", nav: true, built: true },
  { pattern: "/admin/users/:id", title: "Business", nav: false, built: true },
  { pattern: "/admin/sms-pricing", title: "Pricing", nav: true, built: true },
  { pattern: "/admin/payments", title: "Payments", nav: true, built: true },
  { pattern: "/admin/outbox", title: "Outbox", nav: true, built: true },
  { pattern: "/admin/memory", title: "Memory", nav: true, built: true },
  { pattern: "/admin/terms-conditions", title: "Terms & Conditions", nav: true, built: true },
  { pattern: "/admin/privacy-terms", title: "Privacy Terms", nav: true, built: true },
  { pattern: "/admin/about-us", title: "About Us", nav: true, built: true },
  { pattern: "/admin/contact-us", title: "Contact Us", nav: true, built: true },
  { pattern: "/admin/learn", title: "Learn Articles", nav: true, built: true },
  { pattern: "/admin/learn/new", title: "Add Article", nav: false, built: true },
  { pattern: "/admin/learn/:slug", title: "Edit Article", nav: false, built: true },
  { pattern: "/admin/sms-history", title: "SMS History", nav: true, built: true },
  { pattern: "/admin/campaigns", title: "Campaigns", nav: true, built: true },
  // Before the campaign's page: 'settings' is not a campaign id.
  { pattern: "/admin/campaigns/settings", title: "SMS Settings", nav: false, built: true },
  { pattern: "/admin/campaigns/:id", title: "Campaign", nav: false, built: true },
];

export const ADMIN_NAVIGATION = ADMIN_SCREENS.filter((screen) => screen.nav);

/** The screen at a path (its pattern matched), or null for an address the admin area does not have. */
export function adminScreenAt(pathname: string): AdminScreen | null {
  return ADMIN_SCREENS.find((screen) => matchPath(screen.pattern, pathname)) ?? null;
}

/** The nav entry a path belongs to: the dashboard by its exact path, the others by their beginnings (an edit page is its section's). */
export function adminSectionOf(pathname: string): AdminScreen | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (
    ADMIN_NAVIGATION.find((screen) =>
      screen.pattern === "/admin" ? path === "/admin" : path === screen.pattern || path.startsWith(`${screen.pattern}/`),
    ) ?? null
  );
}
