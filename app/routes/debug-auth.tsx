import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { config } from "~/config.server";
import { getCurrentSession } from "~/utils/session.server";

/** Development only: who is signed in, since when and until when. Production answers 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (config.NODE_ENV === "production") throw new Response("Not found", { status: 404 });
  const session = await getCurrentSession(request);
  return {
    signedIn: Boolean(session),
    user: session
      ? { id: session.user.id, email: session.user.email, displayName: session.user.displayName, isAdmin: session.user.isAdmin }
      : null,
    since: session?.createdAt.toISOString() ?? null,
    until: session?.expiresAt.toISOString() ?? null,
  };
}

export default function DebugAuth() {
  const state = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="text-xl font-bold">Session state</h1>
      <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">{JSON.stringify(state, null, 2)}</pre>
    </main>
  );
}
