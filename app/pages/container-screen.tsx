import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { containerScreenTitle } from "~/lib/user-routes";

import { ComingSoonNotice } from "./coming-soon";

/** A container screen not built yet, or any unknown path: '404 Page Not Found' inside the container. */
export async function loader({ request }: LoaderFunctionArgs) {
  const title = containerScreenTitle(new URL(request.url).pathname);
  if (!title) throw new Response("Not found", { status: 404 });
  return { title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Page not found"} · iSent` }];

export default function ContainerScreen() {
  const { title } = useLoaderData<typeof loader>();
  return <ComingSoonNotice title={title} backTo="/app" backLabel="Back to Dashboard" />;
}

export function ErrorBoundary() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <Link to="/app" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white">
        Go to Dashboard
      </Link>
    </div>
  );
}
