import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, LiveReload, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Suspense, lazy, useEffect, useState, type ReactNode } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { KeptDraftContext, NotifyContext, PageTimeContext } from "~/hooks/root-context";
import { draftPath } from "~/lib/draft-path";
import { onUnclaimedNetworkFailure } from "~/lib/network-failure";
import type { Toast, ToastInput } from "~/lib/toast";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/utils/nonce-provider";
import { loadRootData } from "~/root.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Each page route has its own meta, description included (Remix uses the deepest route's meta only).
export const meta: MetaFunction = () => [{ title: "iSent · Local business posts and offers near you" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadRootData(request);
}

export { keepLayoutDataOffline as shouldRevalidate } from "~/lib/network-failure";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

// Drawn only when there is a toast, so most pages never load its code. The server draws a flashed
// toast into the HTML all the same (entry.server waits for lazy parts).
// Offline, its code may not load: then the toast is drawn plainly (a failed import would be an error page).
const Toaster = lazy<typeof PlainToast>(() => import("~/components/ui/toaster").catch(() => ({ default: PlainToast })));

/** The newest toast as plain text, for when the toaster's code could not be loaded. */
function PlainToast({ serverToast, clientToast }: { serverToast: Toast | null; clientToast: ToastInput | null }) {
  const toast = clientToast ?? serverToast;
  if (!toast) return null;
  return (
    // Never in the way of a tap, and gone after the toasts' 5 s (by CSS, as without JavaScript).
    <div aria-live="polite" className="toast-region pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center px-3">
      <div
        key={`${toast.title}\n${toast.description}`}
        role="status"
        data-testid="toast"
        className="toast-fade w-full max-w-sm rounded-lg border-l-4 border-slate-500 bg-white px-4 py-3 shadow-lg"
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
    </div>
  );
}

export default function App() {
  const { toast, pageTime, keptDraft } = useLoaderData<typeof loader>();
  const [clientToast, setClientToast] = useState<ToastInput | null>(null);
  // A form without an error summary (a fetcher's button) whose submission got no answer says so here.
  useEffect(() => onUnclaimedNetworkFailure(setClientToast), []);
  const location = useLocation();
  // Only on the screen it was kept for: root's data outlives a move to another screen.
  const draft = keptDraft && keptDraft.path === draftPath(new URL(`${location.pathname}${location.search}`, "http://x")) ? keptDraft : null;
  return (
    <PageTimeContext.Provider value={pageTime}>
      <NotifyContext.Provider value={setClientToast}>
        <KeptDraftContext.Provider value={draft}>
          <Pending />
          <Outlet />
          {toast || clientToast ? (
            <Suspense fallback={null}>
              <Toaster serverToast={toast} clientToast={clientToast} />
            </Suspense>
          ) : null}
        </KeptDraftContext.Provider>
      </NotifyContext.Provider>
    </PageTimeContext.Provider>
  );
}

const AUTH_ACTIONS = ["/auth", "/login", "/logout", "/admin/login", "/admin/logout"];

/**
 * The whole app shows a loading screen while a login, logout or register
 * is pending; while the next page's code and data load, a 'Loading...' badge (the
 * spec's lazy fallback) says so.
 */
function Pending() {
  const navigation = useNavigation();
  if (navigation.state === "submitting" && AUTH_ACTIONS.includes(navigation.formAction?.split("?")[0] ?? "")) {
    return (
      <div role="status" className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-white/90">
        <span aria-hidden className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
        <span className="font-medium text-slate-700">Loading iSent...</span>
      </div>
    );
  }
  if (navigation.state !== "loading") return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 flex justify-center">
      <span className="mt-2 rounded-full bg-brand-600 px-3 py-1 text-xs font-medium text-white shadow">Loading...</span>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
