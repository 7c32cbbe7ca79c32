import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Toaster } from "~/components/ui/toaster";
import stylesheet from "~/tailwind.css";
import { combineHeaders } from "~/utils/http.server";
import { getUser } from "~/utils/session.server";
import { getToast } from "~/utils/toast.server";
import { ensureAnonId } from "~/utils/visitor.server";
import { useNonce } from "~/utils/nonce-provider";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "iSent · Local business posts and offers near you" },
  {
    name: "description",
    content: "Browse posts and offers from local businesses near you. Businesses: reach your neighbourhood with posts, offers and SMS.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers: toastHeaders }, { setCookie }, user] = await Promise.all([getToast(request), ensureAnonId(request), getUser(request)]);
  // Every visitor gets their anonymous id on their first response, with or without JavaScript.
  return data(
    { toast, signedIn: Boolean(user) },
    { headers: combineHeaders(toastHeaders, setCookie ? { "Set-Cookie": setCookie } : null) },
  );
}

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

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <AuthPending />
      <NavigationPending />
      <Outlet />
      <Toaster serverToast={toast} />
    </>
  );
}

const AUTH_ACTIONS = ["/auth", "/login", "/logout", "/admin/login", "/admin/logout"];

/** SPEC §2: the whole app shows a loading screen while a login, logout or register is pending. */
function AuthPending() {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && AUTH_ACTIONS.includes(navigation.formAction?.split("?")[0] ?? "");
  if (!pending) return null;
  return (
    <div role="status" className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-white/90">
      <span aria-hidden className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <span className="font-medium text-slate-700">Loading iSent...</span>
    </div>
  );
}

/** While the next page's code and data load, say so (the spec's lazy 'Loading...' fallback). */
function NavigationPending() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 flex justify-center">
      <span className="mt-2 rounded-full bg-brand-600 px-3 py-1 text-xs font-medium text-white shadow">Loading...</span>
    </div>
  );
}

export function ErrorBoundary() {
  // The root loader may be what failed, so its data is optional here.
  useRouteLoaderData<typeof loader>("root");
  return <GeneralErrorBoundary />;
}
