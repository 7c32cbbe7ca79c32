import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { InformationPage } from "~/components/information-page";
import { informationPageSlug } from "~/lib/information-pages";
import { getPage } from "~/models/pages.server";

/** /about-us, /contact-us, /Termsofservice and /privacyterms (routed in remix.config.js). */
export async function loader({ request }: LoaderFunctionArgs) {
  const slug = informationPageSlug(new URL(request.url).pathname);
  const page = slug ? await getPage(slug) : null;
  if (!page) throw new Response("This page has not been written yet.", { status: 404 });
  return { title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · iSent` : "iSent" }];

export default function InformationPageRoute() {
  const page = useLoaderData<typeof loader>();
  return <InformationPage {...page} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
