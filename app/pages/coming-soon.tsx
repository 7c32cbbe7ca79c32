import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { screenTitle } from "~/lib/user-routes";
import { requireUser } from "~/utils/session.server";

/** A signed-in screen that a later release builds: its title, and an honest note, never a fake form. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const title = screenTitle(new URL(request.url).pathname);
  if (!title) throw new Response("Not found", { status: 404 });
  return { title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "iSent"} · iSent` }];

export default function ComingSoon() {
  const { title } = useLoaderData<typeof loader>();
  return <ComingSoonNotice title={title} backTo="/app" backLabel="Back to Dashboard" />;
}

export function ComingSoonNotice({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800">Coming soon</p>
      <p className="mt-3 text-slate-600">This screen is part of the next release of iSent. Nothing here works yet.</p>
      <Link to={backTo} className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
        {backLabel}
      </Link>
    </section>
  );
}
