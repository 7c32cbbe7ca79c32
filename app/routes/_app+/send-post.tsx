import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTitle } from "~/lib/title";

import { PostComposer } from "./__post-composer";
import { composerAction, composerLoader } from "./__post-composer.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Send Post") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return composerLoader(request, "update");
}

/** Publishes the post (charged its price), or shows the form again with what to change. */
export async function action({ request }: ActionFunctionArgs) {
  return composerAction(request, "update");
}

export default function SendPost() {
  return <PostComposer />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
