import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { matchPath, useLoaderData } from "@remix-run/react";

import { ComingSoonNotice } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminTitle } from "~/lib/title";
import { requireAdmin } from "~/utils/admin.server";

/**
 * Admin screens not built yet. Building one means giving it its own file in this folder and
 * taking it off this list; any other /admin path is a 404 inside the admin layout.
 */
const NOT_BUILT = [
  { path: "/admin/feed", title: "Feed" },
  { path: "/admin/templates", title: "Templates" },
  { path: "/admin/templates/add", title: "Add Template" },
  { path: "/admin/templates/edit/:id", title: "Edit Template" },
  { path: "/admin/categories", title: "Categories" },
  { path: "/admin/business-cards", title: "Business Cards" },
  { path: "/admin/users", title: "Users" },
  { path: "/admin/sms-pricing", title: "Post Pricing" },
  { path: "/admin/terms-conditions", title: "Terms & Conditions" },
  { path: "/admin/privacy-terms", title: "Privacy Terms" },
  { path: "/admin/about-us", title: "About Us" },
  { path: "/admin/sms-history", title: "SMS History" },
  { path: "/admin/campaigns", title: "Campaigns" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { pathname } = new URL(request.url);
  const screen = NOT_BUILT.find((candidate) => matchPath(candidate.path, pathname));
  if (!screen) throw new Response("There is nothing at this address.", { status: 404 });
  return { title: screen.title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle(data?.title ?? "Page not found") }];

export default function AdminScreenNotBuilt() {
  const { title } = useLoaderData<typeof loader>();
  return <ComingSoonNotice title={title} backTo="/admin" backLabel="Back to the admin dashboard" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
