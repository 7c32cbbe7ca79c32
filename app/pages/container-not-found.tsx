import { Link } from "@remix-run/react";

/** Any unmatched path for a signed-in user: inside the app container (SPEC §2). */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function ContainerNotFound() {
  return null;
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
