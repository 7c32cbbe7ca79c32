import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/paths";

/** What the container shows of the signed-in business: its name and its balance, as the server has them. */
export type ShellUser = { name: string; businessName: string; balance: number };

export function shellUser(user: ShellUser): ShellUser {
  return { name: user.name, businessName: user.businessName, balance: user.balance };
}

/** The workspace's screens in the container's navigation, built or not (unbuilt ones say 'Coming soon'). */
const NAVIGATION = [
  { to: paths.app(), title: "Dashboard" },
  { to: paths.sendPost(), title: "Send Post" },
  { to: paths.sendOffers(), title: "Send Offers" },
  { to: paths.postsHistory(), title: "Posts History" },
  { to: paths.contacts(), title: "Contacts" },
  { to: paths.addContact(), title: "Add Contact" },
  { to: paths.addCustomerContact(), title: "Add Customer Contact" },
  { to: paths.campaigns(), title: "Campaigns" },
  { to: paths.smsHistory(), title: "SMS History" },
  { to: paths.addTemplates(), title: "Add Templates" },
  { to: paths.businessCard(), title: "Business Card" },
  { to: paths.learn(), title: "Learn" },
  { to: paths.feed(), title: "Public Feed" },
];

/** The app container around every workspace screen: navigation, the business's name and balance, Logout. */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <NavLink to={paths.app()} className="text-xl font-bold text-brand-600">
            iSent
          </NavLink>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-right sm:block">
              <span className="block font-medium text-slate-900">{user.name}</span>
              <span className="block text-xs text-slate-500">{user.businessName}</span>
            </span>
            <span
              className="rounded-full bg-green-50 px-3 py-1 font-semibold text-green-800"
              aria-label={`Balance ${user.balance} credits`}
            >
              {user.balance} credits
            </span>
            <Form method="post" action={paths.logout()}>
              <Button type="submit" variant="secondary" size="sm">
                Logout
              </Button>
            </Form>
          </div>
        </div>
        <nav aria-label="App" className="mx-auto flex max-w-5xl gap-1 overflow-x-auto px-2 pb-2 text-sm">
          {NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                `whitespace-nowrap rounded-md px-3 py-1.5 ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-600 hover:bg-slate-100"}`
              }
            >
              {item.title}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </div>
  );
}
