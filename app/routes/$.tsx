import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { matchPath, useLoaderData } from "@remix-run/react";

import { AppShell, shellUser, type ShellUser } from "~/components/app-shell";
import { ComingSoonNotice } from "~/components/coming-soon";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { getUser, requireUser } from "~/utils/session.server";

/**
 * Signed-in screens not built yet: in the app container, or standing alone. Building one means
 * giving it its own file in routes/_app+ (or routes/_account+) and taking it off this list.
 */
const NOT_BUILT = [
  { path: "/campaigns", title: "Campaigns", container: true },
  { path: "/sms-history", title: "SMS History", container: true },
];

const NOTHING_HERE = "There is nothing at this address.";

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
    throw data({ message: NOTHING_HERE, shell: user ? shellUser(user) : null }, { status: 404 });
  }
  const user = await requireUser(request);
  return { title: screen.title, shell: screen.container ? shellUser(user) : null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title ?? "Page not found") }];

export default function ScreenNotBuilt() {
  const { title, shell } = useLoaderData<typeof loader>();
  const notice = <ComingSoonNotice title={title} backTo={paths.app()} backLabel="Back to Dashboard" />;
  return shell ? <AppShell user={shell}>{notice}</AppShell> : <main className="px-4 py-10">{notice}</main>;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ error }) => {
          const shell = (error.data as { shell?: ShellUser | null }).shell;
          if (!shell) return <ErrorPage title="404 Page Not Found" message={NOTHING_HERE} />;
          return (
            <AppShell user={shell}>
              <ErrorPage
                title="404 Page Not Found"
                message={NOTHING_HERE}
                action={<ButtonLink to={paths.app()}>Go to Dashboard</ButtonLink>}
              />
            </AppShell>
          );
        },
      }}
    />
  );
}
