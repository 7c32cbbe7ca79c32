import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FieldError, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import {
  CONFIRM_BUSINESS_NAME_WRONG,
  CURRENT_PASSWORD_WRONG,
  changePasswordSchema,
  confirmsBusinessName,
  deleteAccountSchema,
} from "~/lib/schemas/settings";
import { changePasswordInputSchema } from "~/lib/schemas/settings.server";
import { pageTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { changePassword, deleteAccount, hasPassword, signOutOfEveryDevice } from "~/models/account-settings.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser, signIn, signOut } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Settings") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { businessName: user.businessName, email: user.email, hasPassword: await hasPassword(user.id), isAdmin: user.isAdmin };
}

/**
 * The settings screen's three forms, told apart by `intent`: change the password (this browser is
 * signed in afresh, every other session and token ends), sign out of every device, delete the account.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "change-password") {
    const submission = await parseWithZod(formData, { schema: changePasswordInputSchema(user) });
    const refused = (fieldErrors: Record<string, string[]> = {}, status = 400) =>
      data(
        {
          intent,
          result: submission.reply({ fieldErrors, hideFields: ["currentPassword", "password"] }),
          toast: createToast({ type: "error", title: "Password not changed" }),
        },
        { status },
      );
    if (submission.status !== "success") return refused();
    const change = await changePassword({
      userId: user.id,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.password,
      clientIp: clientIp(request),
    });
    if (!change.ok) {
      if (change.reason === "throttled") return refused({ currentPassword: [change.message] }, 429);
      if (change.reason === "no-password") return refused({ currentPassword: ["This account signs in with Google and has no password"] });
      return refused({ currentPassword: [CURRENT_PASSWORD_WRONG] });
    }
    return signIn(request, user.id, { redirectTo: paths.settings(), toast: { type: "success", title: "Password changed" } });
  }

  if (intent === "sign-out-everywhere") {
    await signOutOfEveryDevice(user.id);
    return signOut(request, { redirectTo: paths.login(), toast: { type: "success", title: "Signed out of every device" } });
  }

  if (intent === "delete-account") {
    const submission = parseWithZod(formData, {
      schema: deleteAccountSchema.refine((value) => confirmsBusinessName(value.confirmBusinessName, user.businessName), {
        path: ["confirmBusinessName"],
        message: CONFIRM_BUSINESS_NAME_WRONG,
      }),
    });
    const refused = (fieldErrors: Record<string, string[]> = {}) =>
      data(
        { intent, result: submission.reply({ fieldErrors }), toast: createToast({ type: "error", title: "Account not deleted" }) },
        { status: 400 },
      );
    if (submission.status !== "success") return refused();
    if (user.isAdmin) return refused({ confirmBusinessName: ["The admin account cannot be deleted here"] });
    await deleteAccount(user.id);
    return signOut(request, { redirectTo: paths.feed(), toast: { type: "success", title: "Your account has been deleted" } });
  }

  throw new Response("Unknown form", { status: 400 });
}

export default function Settings() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <Link to={paths.app()} className="text-sm text-brand-700 hover:underline">
        ← Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Settings</h1>
      <p className="mt-1 text-sm text-slate-600">Signed in as {loaderData.email}</p>

      <Section title="Password">
        {loaderData.hasPassword ? (
          <ChangePasswordForm lastResult={actionData?.intent === "change-password" ? actionData.result : undefined} />
        ) : (
          <p className="text-sm text-slate-600">You sign in with Google, so there is no iSent password to change.</p>
        )}
      </Section>

      <Section title="Sign out of every device">
        <p className="text-sm text-slate-600">
          Ends every session on every phone and computer, and every app connection, this one too. You will sign in again.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <SignOutEverywhereButton />
        </Form>
      </Section>

      <Section title="Download my data">
        <p className="text-sm text-slate-600">Your profile, contacts, posts, credit history, campaigns and SMS, as one JSON file.</p>
        <a href={paths.settingsData()} className={buttonClasses({ variant: "secondary" }, "mt-3")}>
          Download my data
        </a>
      </Section>

      <Section title="Delete my account" danger>
        <DeleteAccountForm
          businessName={loaderData.businessName}
          lastResult={actionData?.intent === "delete-account" ? actionData.result : undefined}
        />
      </Section>
      <ActionToast toast={actionData?.toast} />
    </main>
  );
}

function Section({ title, danger = false, children }: { title: string; danger?: boolean; children: React.ReactNode }) {
  return (
    <section className={`mt-6 rounded-xl border p-4 ${danger ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`}>
      <h2 className={`text-lg font-semibold ${danger ? "text-red-800" : "text-slate-900"}`}>{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

type LastResult = Parameters<typeof useValidatedForm>[2];

function ChangePasswordForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useValidatedForm("change-password", changePasswordSchema, lastResult);
  const busy = useIsPending({ formAction: paths.settings(), intent: "change-password" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="change-password" />
      <ErrorList errors={form.errors} id={form.errorId} />
      <Field label="Current password" field={fields.currentPassword} type="password" autoComplete="current-password" />
      <Field label="New password" field={fields.password} type="password" autoComplete="new-password" />
      <SubmitButton busy={busy} busyText="Changing...">
        Change password
      </SubmitButton>
    </Form>
  );
}

function SignOutEverywhereButton() {
  const busy = useIsPending({ formAction: paths.settings(), intent: "sign-out-everywhere" });
  return (
    <SubmitButton busy={busy} busyText="Signing out..." variant="secondary">
      Sign out of every device
    </SubmitButton>
  );
}

function DeleteAccountForm({ businessName, lastResult }: { businessName: string; lastResult: LastResult }) {
  const [form, fields] = useValidatedForm("delete-account", deleteAccountSchema, lastResult);
  const busy = useIsPending({ formAction: paths.settings(), intent: "delete-account" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="delete-account" />
      <p className="text-sm text-red-800">
        This removes your contacts, posts (they leave the feed at once), campaigns and uploads, and signs you out. It cannot be undone. Your
        credit history is kept without your name, for accounting.
      </p>
      <ErrorList errors={form.errors} id={form.errorId} />
      <div>
        <label htmlFor={fields.confirmBusinessName.id} className="block text-sm font-medium text-slate-700">
          Type <strong>{businessName}</strong> to confirm
        </label>
        <input
          {...getInputProps(fields.confirmBusinessName, { type: "text" })}
          key={fields.confirmBusinessName.key}
          autoComplete="off"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <FieldError field={fields.confirmBusinessName} />
      </div>
      <SubmitButton busy={busy} busyText="Deleting..." variant="danger">
        Delete my account
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
