import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type LoaderFunctionArgs, type MetaFunction, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { DemoBanner } from "~/components/demo-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { safeAdminRedirect } from "~/lib/safe-redirect";
import { adminLoginSchema } from "~/lib/schemas/auth";
import { pageTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { designatedAdminExists, recordAdminLogin } from "~/models/admins.server";
import { signInWithPassword } from "~/models/sign-in.server";
import { auth } from "~/utils/auth.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { passwordSignInEvent } from "~/utils/security-log.server";
import { getUser, sessionEndedNotice, signIn } from "~/utils/session.server";
import { SessionEndedNotice } from "~/components/session-ended-notice";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Admin Login") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const user = await getUser(request);
  if (user?.isAdmin) throw redirect(redirectTo);
  // Offer only what can work: Google when it is configured, creating the account while there is none.
  return {
    googleEnabled: auth().googleEnabled,
    canCreateAdmin: !(await designatedAdminExists()),
    redirectTo,
    sessionEnded: await sessionEndedNotice(request, redirectTo),
  };
}

/** Every refusal but a throttle reads the same, so the page never tells which email is the admin's. */
const REFUSED = "Invalid email or password";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: adminLoginSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  const failed = (message: string, status: number, headers?: HeadersInit) =>
    data(
      {
        result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
        toast: createToast({ type: "error", title: "Login Failed", description: message }),
      },
      { status, headers },
    );

  // The whole sign-in sequence (throttle first) for any email: only then is the account's role looked at.
  const { email } = submission.value;
  const signedIn = await signInWithPassword({ email, password: submission.value.password, clientIp: clientIp(request) });
  passwordSignInEvent(
    request,
    "admin_sign_in",
    email,
    signedIn.ok && !signedIn.user.isAdmin ? { ok: false, reason: "not_admin" } : signedIn,
  );
  if (!signedIn.ok && signedIn.reason === "throttled") {
    return failed(signedIn.message, 429, { "Retry-After": String(signedIn.retryAfterSeconds) });
  }
  if (!signedIn.ok || !signedIn.user.isAdmin) return failed(REFUSED, 401);
  await recordAdminLogin(signedIn.user);
  return signIn(request, signedIn.user.id, {
    redirectTo: safeAdminRedirect(formData.get("redirectTo")),
    toast: { type: "success", title: "Login Successful" },
  });
}

export default function AdminLogin() {
  const { googleEnabled, canCreateAdmin, redirectTo, sessionEnded } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useValidatedForm("admin-login", adminLoginSchema, actionData?.result);
  const busy = useIsPending();
  return (
    <>
      <DemoBanner />
      <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4">
        <h1 className="text-2xl font-bold">iSent Admin</h1>
        {sessionEnded ? (
          <div className="mt-4">
            <SessionEndedNotice lines={sessionEnded} />
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <ErrorSummary form={form} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" />
          <Field label="Password" field={fields.password} type="password" autoComplete="current-password" />
          <SubmitButton busy={busy} busyText="Logging in...">
            Login
          </SubmitButton>
        </Form>
        {googleEnabled ? (
          <Form method="post" action="/auth/google" className="mt-3">
            <input type="hidden" name="intent" value="google-admin" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium hover:bg-slate-50"
            >
              Continue with Google
            </button>
          </Form>
        ) : null}
        {canCreateAdmin ? (
          <Link
            to={paths.admin.createUser()}
            className="mt-6 inline-flex min-h-11 items-center justify-center text-sm text-brand-700 hover:underline"
          >
            Create the admin account
          </Link>
        ) : null}
        <ActionToast toast={actionData?.toast} />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
