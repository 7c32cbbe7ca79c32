import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type LoaderFunctionArgs, type MetaFunction, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { useIsPending } from "~/hooks/use-is-pending";
import { newPasswordProblem, resetPasswordSchema } from "~/lib/schemas/auth";
import { refusingCommonPasswords } from "~/lib/schemas/auth.server";
import { pageTitle } from "~/lib/title";
import { findResetTokenUser, resetPassword } from "~/models/password-reset.server";
import { throttleByAddress } from "~/models/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { securityEvent } from "~/utils/security-log.server";
import { signIn } from "~/utils/session.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Choose a new password") }];

const INVALID_LINK = "This reset link has expired or was already used. Ask for a new one.";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token.length >= 20 && Boolean(await findResetTokenUser(token));
  return { token: valid ? token : null };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: refusingCommonPasswords(resetPasswordSchema) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const throttled = await throttleByAddress("reset", clientIp(request));
  if (throttled) {
    securityEvent(request, { event: "password_reset_completed", outcome: "failure", reason: "throttled" });
    return data(submission.reply({ formErrors: [throttled.message], hideFields: ["password"] }), {
      status: 429,
      headers: { "Retry-After": String(throttled.retryAfterSeconds) },
    });
  }
  // The form says why; the spec's toast text leads it.
  const refusedLink = () => {
    securityEvent(request, { event: "password_reset_completed", outcome: "failure", reason: "invalid_link" });
    return data(submission.reply({ formErrors: ["Password reset failed", INVALID_LINK], hideFields: ["password"] }), { status: 400 });
  };
  const account = await findResetTokenUser(submission.value.token);
  if (!account) return refusedLink();
  // Only now is it known whose password this is. The link stays usable for another choice.
  const problem = newPasswordProblem(submission.value.password, account);
  if (problem) return data(submission.reply({ fieldErrors: { password: [problem] }, hideFields: ["password"] }), { status: 400 });
  const userId = await resetPassword(submission.value.token, submission.value.password);
  if (!userId) return refusedLink();
  securityEvent(request, { event: "password_reset_completed", outcome: "success", userId });
  // The reset ended every session of this account; this browser is signed in afresh.
  return signIn(request, userId, {
    redirectTo: "/app",
    toast: { type: "success", title: "Password updated", description: "You are signed in." },
  });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useValidatedForm("reset-password", resetPasswordSchema, lastResult);
  const busy = useIsPending();
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {token ? (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="token" value={token} />
          <ErrorSummary form={form} />
          <Field label="New password" field={fields.password} type="password" autoComplete="new-password" />
          <SubmitButton busy={busy} busyText="Saving...">
            Set new password
          </SubmitButton>
        </Form>
      ) : (
        <p role="alert" className="mt-4 text-slate-700">
          {INVALID_LINK}
        </p>
      )}
      <Link to="/auth?reset=1" className="mt-6 text-sm font-medium text-brand-700 hover:underline">
        Send a new reset link
      </Link>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
