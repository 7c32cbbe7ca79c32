import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { BusinessAvatar } from "~/components/business-avatar";
import { DemoBanner } from "~/components/demo-banner";
import { IconFrame } from "~/components/ui/icon";
import { useMenuDetails } from "~/hooks/use-menu-details";
import { MORE_PLACES, TAB_PLACES, currentPlace, type NavPlace } from "~/lib/app-navigation";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";

/**
 * What the container shows of the signed-in business: its name, picture and balance, as the server
 * has them; `postPrice` (when the loader read it) turns the balance amber below one post.
 */
export type ShellUser = {
  name: string;
  businessName: string;
  email: string;
  balance: number;
  profileImageUrl: string | null;
  postPrice?: number;
};

export function shellUser(user: ShellUser, postPrice?: number): ShellUser {
  return {
    name: user.name,
    businessName: user.businessName,
    email: user.email,
    balance: user.balance,
    profileImageUrl: user.profileImageUrl,
    ...(postPrice === undefined ? {} : { postPrice }),
  };
}

/** The tab bar's icons, drawn inline as the feed's are (ui/icon.tsx); kept here, so a first visit to the feed does not load them. */
const TAB_ICONS: Record<string, ReactNode> = {
  home: (
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z"
    />
  ),
  post: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path stroke="currentColor" strokeWidth="2" d="M12 8v8M8 12h8" />
    </>
  ),
  contacts: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
      <path d="M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.8c1.8.8 3 2.5 3.5 5.2" />
    </g>
  ),
  history: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </g>
  ),
};

const MORE_ICON = (
  <g fill="currentColor">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </g>
);

/** The account menu's screens (Logout is its last item, a form). */
const ACCOUNT_LINKS = [
  { to: paths.editProfile(), title: "Profile" },
  { to: paths.settings(), title: "Settings" },
  { to: paths.credits(), title: "Credits" },
  { to: paths.learn(), title: "Help" },
  { to: paths.termsConditions(), title: "Terms" },
  { to: paths.privacyTerms(), title: "Privacy" },
];

/**
 * The app container around every workspace screen. Phones: a header (brand, balance, account menu)
 * and a bottom tab bar of four places and More. Wide screens: the same header and a sidebar with
 * every place. Every control is at least 44×44 px.
 */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const current = currentPlace(useLocation().pathname);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <DemoBanner />
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-1.5">
          <Link to={paths.app()} className="inline-flex min-h-11 items-center text-xl font-bold text-brand-600">
            iSent
          </Link>
          <div className="flex items-center gap-2 text-sm">
            <BalancePill balance={user.balance} postPrice={user.postPrice} />
            <AccountMenu user={user} />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-6xl lg:flex lg:gap-6 lg:px-4">
        <Sidebar current={current} />
        <main className="min-w-0 flex-1 px-4 pb-28 pt-6 lg:px-0 lg:pb-10">{children}</main>
      </div>
      <TabBar current={current} />
    </div>
  );
}

/** The balance, linking to /credits; amber (and said so to screen readers) when it is below one post's price. */
function BalancePill({ balance, postPrice }: { balance: number; postPrice?: number }) {
  const low = postPrice !== undefined && balance < postPrice;
  return (
    <Link
      to={paths.credits()}
      className={`inline-flex min-h-11 items-center rounded-full px-3 font-semibold ${
        low ? "bg-amber-100 text-amber-900 ring-1 ring-amber-400" : "bg-green-50 text-green-800"
      }`}
      aria-label={`Balance ${countOf(balance, "credit")}${low ? `: less than one post (${countOf(postPrice, "credit")}). Buy credits` : ""}`}
      data-testid="balance-pill"
    >
      {countOf(balance, "credit")}
    </Link>
  );
}

/** The shop's picture (or initial): the account's screens and Logout. A <details>, so it opens without JavaScript. */
function AccountMenu({ user }: { user: ShellUser }) {
  const menu = useMenuDetails();
  return (
    <details ref={menu} className="relative">
      <summary
        aria-label="Account menu"
        className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-full hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <BusinessAvatar name={user.businessName} imageUrl={user.profileImageUrl} />
      </summary>
      <div className="absolute right-0 z-40 mt-1 w-64 rounded-xl border border-slate-200 bg-white py-2 shadow-lg">
        <p className="px-4 pb-2 text-sm">
          <span className="block font-semibold text-slate-900">{user.businessName}</span>
          <span className="block truncate text-slate-600">{user.email}</span>
        </p>
        <ul className="border-t border-slate-100 pt-1">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="flex min-h-11 items-center px-4 text-slate-800 hover:bg-slate-50">
                {link.title}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-slate-100 pt-1">
            <Form method="post" action={paths.logout()}>
              <button type="submit" className="flex min-h-11 w-full items-center px-4 text-left font-medium text-red-700 hover:bg-red-50">
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/** Wide screens: every place, the current one marked. */
function Sidebar({ current }: { current: NavPlace | null }) {
  return (
    <nav aria-label="App" className="hidden w-56 shrink-0 py-6 lg:block">
      <ul className="sticky top-20 space-y-0.5">
        {[...TAB_PLACES, ...MORE_PLACES].map((item) => (
          <li key={item.id}>
            <PlaceLink item={item} current={current} className="rounded-lg px-3" />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Phones: four places and More (the rest, in a sheet that opens above the bar). */
function TabBar({ current }: { current: NavPlace | null }) {
  const more = useMenuDetails();
  const inMore = current !== null && MORE_PLACES.includes(current);
  return (
    <nav
      aria-label="App"
      data-tab-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-5">
        {TAB_PLACES.map((item) => (
          <li key={item.id}>
            <Link
              to={item.to}
              aria-current={current?.id === item.id ? "page" : undefined}
              className={`flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs ${current?.id === item.id ? "font-semibold text-brand-700" : "text-slate-600"}`}
            >
              <IconFrame className="h-6 w-6">{TAB_ICONS[item.id]}</IconFrame>
              {item.tabTitle ?? item.title}
            </Link>
          </li>
        ))}
        <li>
          <details ref={more} className="group">
            <summary
              className={`flex min-h-14 cursor-pointer list-none flex-col items-center justify-center gap-0.5 text-xs [&::-webkit-details-marker]:hidden ${inMore ? "font-semibold text-brand-700" : "text-slate-600"}`}
            >
              <IconFrame className="h-6 w-6">{MORE_ICON}</IconFrame>
              More
              {inMore ? <span className="sr-only">(you are on {current.title})</span> : null}
            </summary>
            <ul className="absolute inset-x-0 bottom-full max-h-[70vh] overflow-y-auto rounded-t-2xl border-t border-slate-200 bg-white px-2 py-2 shadow-[0_-8px_24px_rgb(15_23_42/0.12)]">
              {MORE_PLACES.map((item) => (
                <li key={item.id}>
                  <PlaceLink item={item} current={current} className="rounded-lg px-4" />
                </li>
              ))}
            </ul>
          </details>
        </li>
      </ul>
    </nav>
  );
}

function PlaceLink({ item, current, className }: { item: NavPlace; current: NavPlace | null; className: string }) {
  const here = current?.id === item.id;
  return (
    <Link
      to={item.to}
      aria-current={here ? "page" : undefined}
      className={`flex min-h-11 items-center ${here ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"} ${className}`}
    >
      {item.title}
    </Link>
  );
}
