import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";

import { DemoBanner } from "~/components/demo-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/utils/session.server";

export { keepLayoutDataOffline as shouldRevalidate } from "~/lib/network-failure";

/**
 * The signed-in screens that stand alone, without the app container (edit profile, settings, the
 * signed-in terms and privacy pages, the success page after publishing). Each screen in this folder
 * still guards itself: layouts' loaders run beside their children's, not before them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AccountLayout() {
  return (
    <>
      <DemoBanner />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
