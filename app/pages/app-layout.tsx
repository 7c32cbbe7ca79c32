import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CONTAINER_SCREENS, containerScreenTitle } from "~/lib/user-routes";
import { getUser, requireUser } from "~/utils/session.server";

/** The app container (SPEC §2 'User routes'): navigation, the user's name and balance, Logout. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // An unknown path for a visitor who is not signed in is a plain 404, not a login wall.
  const unknownPath = params["*"] !== undefined && !containerScreenTitle(new URL(request.url).pathname);
  if (unknownPath && !(await getUser(request))) throw new Response("Not found", { status: 404 });
  const user = await requireUser(request);
  return { user: { name: user.name, businessName: user.businessName, balance: user.balance, isAdmin: user.isAdmin } };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <NavLink to="/app" className="text-xl font-bold text-brand-600">
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
            <Form method="post" action="/logout">
              <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50">
                Logout
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="App" className="mx-auto flex max-w-5xl gap-1 overflow-x-auto px-2 pb-2 text-sm">
          {[
            { path: "/app", title: "Dashboard" },
            ...CONTAINER_SCREENS.filter((screen) => screen.nav),
            { path: "/", title: "Public Feed" },
          ].map((screen) => (
            <NavLink
              key={screen.path}
              to={screen.path}
              end
              className={({ isActive }) =>
                `whitespace-nowrap rounded-md px-3 py-1.5 ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-600 hover:bg-slate-100"}`
              }
            >
              {screen.title}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
