import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/information-page";

import { SignedInLegalPage } from "./__legal-page";
import { loadSignedInLegalPage } from "./__legal-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSignedInLegalPage(request, "privacy");
}

export const meta = pageMeta;

export default function PrivacyTerms() {
  return <SignedInLegalPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
