import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

/**
 * Expected failures (thrown Responses) get a page that says what happened;
 * anything else shows the message and stack in a red box in development and a
 * friendly page in production (SPEC §8).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();

  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === "string" ? error.data : typeof error.data?.message === "string" ? error.data.message : error.statusText;
    return (
      <ErrorPage title={error.status === 404 ? "404 Page Not Found" : `${error.status} ${error.statusText || "Error"}`} message={message} />
    );
  }

  if (process.env.NODE_ENV === "development" && error instanceof Error) {
    return (
      <main className="mx-auto max-w-3xl p-4">
        <div role="alert" className="rounded-lg border border-red-400 bg-red-50 p-4 text-red-900">
          <h1 className="text-lg font-bold">
            {error.name}: {error.message}
          </h1>
          <pre className="mt-3 overflow-x-auto whitespace-pre-wrap text-xs">{error.stack}</pre>
        </div>
      </main>
    );
  }

  return <ErrorPage title="Something went wrong" message="We could not load this page. Please try again in a moment." />;
}

function ErrorPage({ title, message }: { title: string; message?: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {message ? <p className="text-slate-600">{message}</p> : null}
      <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Back to Feed
      </Link>
    </main>
  );
}
