import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, matchPath, useLoaderData, useRouteError } from "@remix-run/react";

import { AppShell, shellUser, type ShellUser } from "~/components/app-shell";
import { ComingSoonNotice } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getUser, requireUser } from "~/utils/session.server";

/**
 * Signed-in screens not built yet: in the app container, or standing alone. Building one means
 * giving it its own file in routes/_app+ (or routes/_account+) and taking it off this list.
 */
const NOT_BUILT = [
  { path: "/send-post", title: "Send Post", container: true },
  { path: "/send-offers", title: "Send Offers", container: true },
  { path: "/posts-history", title: "Posts History", container: true },
  { path: "/add-contact", title: "Add Contact", container: true },
  { path: "/add-customer-contact", title: "Add Customer Contact", container: true },
  { path: "/edit-contact/:id", title: "Edit Contact", container: true },
  { path: "/campaigns", title: "Campaigns", container: true },
  { path: "/sms-history", title: "SMS History", container: true },
  { path: "/add-templates", title: "Add Templates", container: true },
  { path: "/template-preview/:id", title: "Template Preview", container: true },
  { path: "/learn", title: "Learn", container: true },
  { path: "/edit-profile", title: "Edit Profile", container: false },
  { path: "/settings", title: "Settings", container: false },
  { path: "/terms-conditions", title: "Terms & Conditions", container: false },
  { path: "/privacy-terms", title: "Privacy Terms", container: false },
  { path: "/success", title: "Success", container: false },
];

/**
 * Every path no route file claims (React Router ranks two root splats alike, so there is one, and
 * it is the site's, not the workspace's): a screen of the list above for a signed-in business,
 * else '404 Page Not Found', inside the app container when signed in, the public page otherwise.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const screen = NOT_BUILT.find((candidate) => matchPath(candidate.path, pathname));
  if (!screen) {
    const user = await getUser(request);
    throw data({ message: "There is nothing at this address.", shell: user ? shellUser(user) : null }, { status: 404 });
  }
  const user = await requireUser(request);
  return { title: screen.title, shell: screen.container ? shellUser(user) : null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Page not found"} · iSent` }];

export default function ScreenNotBuilt() {
  const { title, shell } = useLoaderData<typeof loader>();
  const notice = <ComingSoonNotice title={title} backTo="/app" backLabel="Back to Dashboard" />;
  return shell ? <AppShell user={shell}>{notice}</AppShell> : <main className="px-4 py-10">{notice}</main>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const shell = isRouteErrorResponse(error) && error.status === 404 ? (error.data as { shell?: ShellUser | null }).shell : null;
  if (!shell) return <GeneralErrorBoundary />;
  return (
    <AppShell user={shell}>
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-2 text-slate-600">There is nothing at this address.</p>
        <Link to="/app" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white">
          Go to Dashboard
        </Link>
      </div>
    </AppShell>
  );
}
