import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { InformationPage, pageMeta } from "~/components/information-page";
import { informationPageSlug } from "~/lib/information-pages";
import { readInformationPage } from "~/models/pages.server";

/** /about-us, /contact-us, /Termsofservice and /privacyterms (routed in remix.config.js). */
export async function loader({ request }: LoaderFunctionArgs) {
  const slug = informationPageSlug(new URL(request.url).pathname);
  const page = slug ? await readInformationPage(slug) : null;
  if (!page) throw new Response("This page has not been written yet.", { status: 404 });
  return page;
}

export const meta = pageMeta;

export default function InformationPageRoute() {
  const page = useLoaderData<typeof loader>();
  return <InformationPage {...page} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
