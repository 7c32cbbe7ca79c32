import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "./error-boundary";
import { InformationPage } from "./information-page";

type InformationPageData = { title: string; body: string; updatedAt: string };

/** The component, meta and error boundary shared by the four information page routes. */
export function InformationPageRoute() {
  const page = useLoaderData<InformationPageData>();
  return <InformationPage {...page} />;
}

export const informationPageMeta: MetaFunction = ({ data }) => [
  { title: data ? `${(data as InformationPageData).title} · iSent` : "iSent" },
];

export const InformationPageErrorBoundary = GeneralErrorBoundary;
