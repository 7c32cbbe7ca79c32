import { isRouteErrorResponse, useLocation, useParams, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";

import { ButtonLink } from "~/components/ui/button";
import { CONNECTION_FAILED, PAGE_NETWORK_FAILURE_MESSAGE, isNetworkFailure } from "~/lib/network-failure";

export type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode;

/**
 * Expected failures (thrown Responses) get a page that says what happened, or what a route's
 * handler for that status draws (`statusHandlers={{ 404: () => <p>No contact with that id</p> }}`);
 * a page whose data or code could not be fetched (the connection failed on the way) says so and
 * offers to try again; anything else shows the message and stack in a red box in development and a
 * friendly page in production.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = ({ error }) => <ErrorPage title={statusTitle(error)} message={errorMessage(error)} />,
  networkErrorHandler = () => <ErrorPage title={CONNECTION_FAILED} message={PAGE_NETWORK_FAILURE_MESSAGE} action={<TryAgainLink />} />,
  unexpectedErrorHandler = (error) => <UnexpectedError error={error} />,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
  networkErrorHandler?: () => ReactNode;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  const params = useParams();
  if (isRouteErrorResponse(error)) return <>{(statusHandlers?.[error.status] ?? defaultStatusHandler)({ error, params })}</>;
  if (isNetworkFailure(error)) return <>{networkErrorHandler()}</>;
  return <>{unexpectedErrorHandler(error)}</>;
}

/** Loads this same address again (its data, and its code if that is what failed): 'Try again'. */
export function TryAgainLink({ variant }: { variant?: "primary" | "secondary" }) {
  const location = useLocation();
  return (
    <ButtonLink to={`${location.pathname}${location.search}`} replace variant={variant}>
      Try again
    </ButtonLink>
  );
}

export function statusTitle(error: ErrorResponse): string {
  return error.status === 404 ? "404 Page Not Found" : `${error.status} ${error.statusText || "Error"}`;
}

/** The thrown Response's text, or its JSON's message. */
export function errorMessage(error: ErrorResponse): string {
  if (typeof error.data === "string") return error.data;
  if (typeof error.data?.message === "string") return error.data.message;
  return error.statusText;
}

function UnexpectedError({ error }: { error: unknown }) {
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

export function ErrorPage({ title, message, action }: { title: string; message?: string; action?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {message ? <p className="text-slate-600">{message}</p> : null}
      {action ?? <ButtonLink to="/">Back to Feed</ButtonLink>}
    </main>
  );
}
