import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { ErrorPage, GeneralErrorBoundary, errorMessage } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";

import { PostComposer } from "./__post-composer";
import { editComposerAction, editComposerLoader } from "./__post-composer.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Edit post") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return editComposerLoader(request, params.id);
}

/** Saves the correction (free), or shows the form again with what to change. */
export async function action({ request, params }: ActionFunctionArgs) {
  return editComposerAction(request, params.id);
}

export default function EditPost() {
  return <PostComposer />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        // Past its life (an offer ended, removed by the admin): say why, and lead back to the list.
        409: ({ error }) => (
          <ErrorPage
            title="This post cannot be edited"
            message={errorMessage(error)}
            action={<ButtonLink to={paths.postsHistory()}>Back to Posts History</ButtonLink>}
          />
        ),
      }}
    />
  );
}
