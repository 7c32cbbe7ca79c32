import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";

import { AppShell, shellUser, type ShellUser } from "~/components/app-shell";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { getUser } from "~/utils/session.server";

const NOTHING_HERE = "There is nothing at this address.";

/**
 * Every path no route file claims (React Router ranks two root splats alike, so there is one, and
 * it is the site's, not the workspace's): '404 Page Not Found', inside the app container when
 * signed in, the public page otherwise.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  throw data({ message: NOTHING_HERE, shell: user ? shellUser(user) : null }, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: pageTitle("Page not found") }];

export default function NotFound() {
  return null;
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
