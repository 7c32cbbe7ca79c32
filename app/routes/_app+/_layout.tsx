import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";

import { AppShell, shellUser } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { priceOf } from "~/models/pricing.server";
import { requireUser } from "~/utils/session.server";

export { keepLayoutDataOffline as shouldRevalidate } from "~/lib/network-failure";

/** The app container: every screen in this folder is for a signed-in business and sits inside it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: shellUser(user, await priceOf("post")) };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
