import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { DemoBanner } from "~/components/demo-banner";
import { ErrorPage, GeneralErrorBoundary, errorMessage, statusTitle } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { ADMIN_NAVIGATION, adminSectionOf, type AdminScreen } from "~/lib/admin-screens";
import { paths } from "~/lib/paths";
import { useMenuDetails } from "~/hooks/use-menu-details";

export type ShellAdmin = { email: string; name: string };

/**
 * The frame around every /admin screen. Wide screens: a sidebar with every section. Phones: a
 * header with a Menu (a <details>, so it opens without JavaScript) listing them. Every control is
 * at least 44×44 px. `admin` is null only when the layout itself failed (its error page).
 */
export function AdminShell({ admin, children }: { admin: ShellAdmin | null; children: ReactNode }) {
  const { pathname } = useLocation();
  const section = adminSectionOf(pathname);
  const navigation = useNavigation();
  const switching = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  const menu = useMenuDetails();
  return (
    <div className="min-h-screen bg-slate-100">
      <DemoBanner />
      <div className="md:flex">
        <aside className="bg-slate-900 text-slate-100 md:min-h-screen md:w-60 md:shrink-0">
          <div className="flex items-center justify-between gap-2 px-3 py-1.5 md:px-4 md:py-3">
            <Link to={paths.admin.dashboard()} className="inline-flex min-h-11 items-center text-lg font-bold">
              iSent Admin
            </Link>
            <details ref={menu} className="relative md:hidden">
              <summary className="flex min-h-11 cursor-pointer list-none items-center rounded-md border border-slate-600 px-3 text-sm [&::-webkit-details-marker]:hidden">
                Menu<span className="sr-only">{section ? ` (you are on ${section.title})` : ""}</span>
              </summary>
              <div className="absolute right-0 z-40 mt-1 w-64 rounded-xl bg-slate-800 py-2 shadow-lg">
                <AdminNav section={section} />
                {admin ? <LogoutButton /> : null}
              </div>
            </details>
          </div>
          {admin ? <p className="hidden px-4 pb-2 text-xs text-slate-400 md:block">{admin.email}</p> : null}
          <div className="hidden md:block">
            <AdminNav section={section} />
            {admin ? <LogoutButton /> : null}
          </div>
        </aside>
        <main className="min-w-0 flex-1 p-4 md:p-8">
          {switching ? (
            <p role="status" className="mb-3 text-sm text-slate-500">
              Loading...
            </p>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}

function AdminNav({ section }: { section: AdminScreen | null }) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-0.5 px-2 pb-2 text-sm">
        {ADMIN_NAVIGATION.map((screen) => {
          const here = section?.pattern === screen.pattern;
          return (
            <li key={screen.pattern}>
              <Link
                to={screen.pattern}
                aria-current={here ? "page" : undefined}
                className={`flex min-h-11 items-center rounded-md px-3 ${here ? "bg-slate-700 font-semibold" : "hover:bg-slate-800"}`}
              >
                {screen.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action={paths.admin.logout()} className="border-t border-slate-700 px-2 pt-2">
      <button type="submit" className="flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm hover:bg-slate-800">
        Logout
      </button>
    </Form>
  );
}

/** An admin screen's error page (inside the admin frame): a 404 or refusal says so, with the way back to the dashboard. */
export function AdminErrorBoundary() {
  const back = <ButtonLink to={paths.admin.dashboard()}>Back to the admin dashboard</ButtonLink>;
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ error }) => <ErrorPage title={statusTitle(error)} message={errorMessage(error)} action={back} />}
      unexpectedErrorHandler={() => (
        <ErrorPage title="Something went wrong" message="This admin page could not load. Please try again in a moment." action={back} />
      )}
    />
  );
}
