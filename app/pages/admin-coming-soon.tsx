import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { screenTitle } from "~/lib/user-routes";
import { requireAdmin } from "~/utils/admin.server";

import { ComingSoonNotice } from "./coming-soon";

/** An admin screen that a later release builds; already inside the guard. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const title = screenTitle(new URL(request.url).pathname);
  if (!title) throw new Response("Not found", { status: 404 });
  return { title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Admin"} · iSent Admin` }];

export default function AdminComingSoon() {
  const { title } = useLoaderData<typeof loader>();
  return <ComingSoonNotice title={title} backTo="/admin" backLabel="Back to the admin dashboard" />;
}
