import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";

import { AdminErrorBoundary, AdminShell } from "~/components/admin-shell";
import { requireAdmin } from "~/utils/admin.server";

export { keepLayoutDataOffline as shouldRevalidate } from "~/lib/network-failure";

/** The guarded admin layout: every /admin screen sits inside its frame (each screen guards itself too). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { admin: { email: admin.email, name: admin.name } };
}

export default function AdminLayout() {
  const { admin } = useLoaderData<typeof loader>();
  return (
    <AdminShell admin={admin}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin+/_layout");
  return (
    <AdminShell admin={data?.admin ?? null}>
      <AdminErrorBoundary />
    </AdminShell>
  );
}
