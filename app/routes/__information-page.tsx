import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { InformationPage } from "~/components/information-page";
import { informationPageSlug } from "~/lib/information-pages";
import { parsePageBody } from "~/lib/page-body";
import { SITE_DESCRIPTION } from "~/lib/site";
import { pageTitle } from "~/lib/title";
import { getPage } from "~/models/pages.server";

/** /about-us, /contact-us, /Termsofservice and /privacyterms (routed in remix.config.js). */
export async function loader({ request }: LoaderFunctionArgs) {
  const slug = informationPageSlug(new URL(request.url).pathname);
  const page = slug ? await getPage(slug) : null;
  if (!page) throw new Response("This page has not been written yet.", { status: 404 });
  const firstParagraph = parsePageBody(page.body).find((block) => block.type === "paragraph")?.text ?? "";
  return {
    title: page.title,
    body: page.body,
    updatedAt: page.updatedAt.toISOString(),
    description: firstParagraph.slice(0, 160) || SITE_DESCRIPTION,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? pageTitle(data.title) : "iSent" },
  ...(data ? [{ name: "description", content: data.description }] : []),
];

export default function InformationPageRoute() {
  const page = useLoaderData<typeof loader>();
  return <InformationPage {...page} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
