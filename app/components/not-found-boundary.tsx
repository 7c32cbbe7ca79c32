import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";

/** A screen's error page whose 404 says what was not found and leads back to the list it came from. */
export function NotFoundBoundary({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <ErrorPage title="404 Page Not Found" message={message} action={<ButtonLink to={backTo}>{backLabel}</ButtonLink>} />,
      }}
    />
  );
}
