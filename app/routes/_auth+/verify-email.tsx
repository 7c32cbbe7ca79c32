import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/forms";
import { ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { verifyEmailSchema } from "~/lib/schemas/email-verification";
import { pageTitle } from "~/lib/title";
import { checkVerificationLink, verifyEmail, type VerificationLink } from "~/models/email-verification.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { getUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Verify your email") }];

type Refused = Extract<VerificationLink, { ok: false }>;

/** What a link that does not verify says, and what to do. */
function refusal(link: Refused): string {
  if (link.alreadyVerified) return "Your email is already verified. Nothing more to do.";
  if (link.reason === "expired") return "This link has expired. Send a new one from your dashboard.";
  return "This link is not valid. Open the whole link from the latest email, or send a new one from your dashboard.";
}

function refusedPage(link: Refused) {
  return data({ token: null, email: null, message: refusal(link) }, { status: link.alreadyVerified ? 200 : 400 });
}

/**
 * The link in the mail opens this page, which only asks to confirm: opening it changes nothing, so
 * a mail scanner or a chat app's link preview that fetches it does not use the link up.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: verifyEmailSchema });
  if (submission.status !== "success") return refusedPage({ ok: false, reason: "unknown", alreadyVerified: false });
  const link = await checkVerificationLink(submission.value.token);
  if (!link.ok) return refusedPage(link);
  return { token: submission.value.token, email: link.email, message: null };
}

/** 'Verify my email': the token is used up and the opening balance granted; on to the dashboard (or to log in). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: verifyEmailSchema });
  if (submission.status !== "success") return refusedPage({ ok: false, reason: "unknown", alreadyVerified: false });
  const verified = await verifyEmail(submission.value.token);
  if (!verified.ok) return refusedPage(verified);
  const signedIn = await getUser(request);
  const credits = verified.creditsGranted > 0 ? ` ${verified.creditsGranted} opening credits were added to its balance.` : "";
  return redirectWithToast(signedIn ? paths.app() : paths.login(), {
    type: "success",
    title: "Email verified",
    description: `${verified.email} is verified.${credits}`,
  });
}

export default function VerifyEmail() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const page = refused ?? loaded;
  const busy = useIsPending();
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4">
      <h1 className="text-2xl font-bold">Verify your email</h1>
      {page.token ? (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-slate-700">
            Confirm that <strong>{page.email}</strong> is your email address.
          </p>
          <input type="hidden" name="token" value={page.token} />
          <SubmitButton busy={busy} busyText="Verifying...">
            Verify my email
          </SubmitButton>
        </Form>
      ) : (
        <>
          <p role="alert" className="mt-4 text-slate-700">
            {page.message}
          </p>
          <ButtonLink to={paths.app()} size="lg" className="mt-6">
            Go to my dashboard
          </ButtonLink>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
