import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { ComingSoonNotice } from "~/components/coming-soon";
import { adminScreenAt } from "~/lib/admin-screens";
import { paths } from "~/lib/paths";
import { adminTitle } from "~/lib/title";
import { requireAdmin } from "~/utils/admin.server";

/** An admin address with no screen of its own: 'Coming soon' for a listed screen not built yet, else a 404 inside the admin frame. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const screen = adminScreenAt(new URL(request.url).pathname);
  if (!screen || screen.built) throw new Response("There is nothing at this address.", { status: 404 });
  return { title: screen.title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle(data?.title ?? "Page not found") }];

export default function AdminScreenNotBuilt() {
  const { title } = useLoaderData<typeof loader>();
  return <ComingSoonNotice title={title} backTo={paths.admin.dashboard()} backLabel="Back to the admin dashboard" />;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
