import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useOutletContext } from "@remix-run/react";

import { AppShell, shellUser } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { RootContext } from "~/root";
import { requireUser } from "~/utils/session.server";

/** The app container: every screen in this folder is for a signed-in business and sits inside it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: shellUser(user) };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  // Root's context (toasts) goes on to the screens: the like and share buttons and action toasts use it.
  const context = useOutletContext<RootContext>();
  return (
    <AppShell user={user}>
      <Outlet context={context} />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
