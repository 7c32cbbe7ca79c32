import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useId } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, Field, FieldError, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { addressGroup } from "~/lib/address-group";
import { formatLongDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import {
  CONFIRM_BUSINESS_NAME_WRONG,
  CURRENT_PASSWORD_WRONG,
  DELETE_GOOGLE_NEEDED,
  DELETE_PASSWORD_NEEDED,
  DELETE_PASSWORD_WRONG,
  SESSION_NOT_FOUND,
  changePasswordSchema,
  confirmsBusinessName,
  deleteAccountSchema,
  signOutSessionSchema,
} from "~/lib/schemas/settings";
import { smsRegistrationSchema } from "~/lib/schemas/campaign";
import { changePasswordInputSchema } from "~/lib/schemas/settings.server";
import { refusalToast } from "~/lib/refusal";
import { pageTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { describeDevice } from "~/lib/user-agent";
import { changePassword, deleteConfirmedAccount, hasPassword, signOutOfEveryDevice } from "~/models/account-settings.server";
import { smsRegistration, updateSmsRegistration } from "~/models/campaigns.server";
import { endOtherSessions, endOwnSession, listActiveSessions } from "~/models/sessions.server";
import { auth } from "~/utils/auth.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { securityEvent } from "~/utils/security-log.server";
import { confirmedWithGoogleUntil, requireCurrentSession, signIn, signOut } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Settings") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, sessionId } = await requireCurrentSession(request);
  const [withPassword, sessions, googleConfirmedUntil, registration] = await Promise.all([
    hasPassword(user.id),
    listActiveSessions(user.id),
    confirmedWithGoogleUntil(request),
    smsRegistration(user.id),
  ]);
  return {
    businessName: user.businessName,
    email: user.email,
    hasPassword: withPassword,
    isAdmin: user.isAdmin,
    smsRegistration: registration,
    googleEnabled: auth().googleEnabled,
    // Formatted here, in India's time, so the page reads the same before and after hydration.
    googleConfirmedUntil: googleConfirmedUntil ? formatLongDateTime(googleConfirmedUntil) : null,
    sessions: sessions.map((session) => ({
      id: session.id,
      thisDevice: session.id === sessionId,
      device: describeDevice(session.userAgent),
      address: session.ipAddress ? addressGroup(session.ipAddress) : null,
      signedIn: formatLongDateTime(session.createdAt),
      lastActive: formatLongDateTime(session.lastSeenAt),
    })),
  };
}

/**
 * The settings screen's forms, told apart by `intent`: change the password (this browser is
 * signed in afresh, every other session and token ends), sign out one session, all the others, or
 * every one, and delete the account (with the password, or a fresh Google sign-in).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { user, sessionId } = await requireCurrentSession(request);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "change-password") {
    const submission = await parseWithZod(formData, { schema: changePasswordInputSchema(user) });
    const refused = (fieldErrors: Record<string, string[]> = {}, status = 400) => {
      const result = submission.reply({ fieldErrors, hideFields: ["currentPassword", "password"] });
      return data({ intent, result, toast: refusalToast("Password not changed", result) }, { status });
    };
    if (submission.status !== "success") return refused();
    const change = await changePassword({
      userId: user.id,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.password,
      clientIp: clientIp(request),
    });
    if (!change.ok) {
      securityEvent(request, { event: "password_changed", outcome: "failure", userId: user.id, reason: change.reason });
      if (change.reason === "throttled") return refused({ currentPassword: [change.message] }, 429);
      if (change.reason === "no-password") return refused({ currentPassword: ["This account signs in with Google and has no password"] });
      return refused({ currentPassword: [CURRENT_PASSWORD_WRONG] });
    }
    securityEvent(request, { event: "password_changed", outcome: "success", userId: user.id });
    return signIn(request, user.id, { redirectTo: paths.settings(), toast: { type: "success", title: "Password changed" } });
  }

  if (intent === "sms-registration") {
    const submission = parseWithZod(formData, { schema: smsRegistrationSchema });
    const refused = (fieldErrors: Record<string, string[]> = {}, status = 400) => {
      const result = submission.reply({ fieldErrors });
      return data({ intent, result, toast: refusalToast("DLT registration not saved", result) }, { status });
    };
    if (submission.status !== "success") return refused();
    const saved = await updateSmsRegistration(user.id, submission.value);
    if (!saved.ok) return refused(saved.fieldErrors ?? { "": [saved.message] }, saved.status);
    return redirectWithToast(paths.settings(), {
      type: "success",
      title: saved.registration.senderHeader ? "DLT registration saved" : "DLT registration removed",
    });
  }

  if (intent === "sign-out-session") {
    const submission = parseWithZod(formData, { schema: signOutSessionSchema });
    if (submission.status === "success" && submission.value.sessionId === sessionId) {
      return signOut(request, { redirectTo: paths.login(), toast: { type: "success", title: "Logged out" } });
    }
    const ended = submission.status === "success" && (await endOwnSession(user.id, submission.value.sessionId));
    if (!ended)
      return data(
        { intent: "sign-out-session" as const, toast: createToast({ type: "error", title: SESSION_NOT_FOUND }) },
        { status: 404 },
      );
    securityEvent(request, { event: "sign_out", outcome: "success", userId: user.id, scope: "other_device", count: 1 });
    return redirectWithToast(paths.settings(), { type: "success", title: "Signed out of that device" });
  }

  if (intent === "sign-out-other-sessions") {
    const ended = await endOtherSessions(user.id, sessionId);
    securityEvent(request, { event: "sign_out", outcome: "success", userId: user.id, scope: "other_devices", count: ended });
    return redirectWithToast(paths.settings(), {
      type: "success",
      title: ended === 1 ? "Signed out of 1 other device" : `Signed out of ${ended} other devices`,
    });
  }

  if (intent === "sign-out-everywhere") {
    await signOutOfEveryDevice(user.id);
    securityEvent(request, { event: "sign_out", outcome: "success", userId: user.id, scope: "every_device" });
    return signOut(request, { redirectTo: paths.login(), toast: { type: "success", title: "Signed out of every device" }, logAs: null });
  }

  if (intent === "delete-account") {
    const submission = parseWithZod(formData, {
      schema: deleteAccountSchema.refine((value) => confirmsBusinessName(value.confirmBusinessName, user.businessName), {
        path: ["confirmBusinessName"],
        message: CONFIRM_BUSINESS_NAME_WRONG,
      }),
    });
    const refused = (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}, status = 400) => {
      const result = submission.reply({ ...errors, hideFields: ["password"] });
      return data({ intent, result, toast: refusalToast("Account not deleted", result) }, { status });
    };
    if (submission.status !== "success") return refused();
    if (user.isAdmin) return refused({ fieldErrors: { confirmBusinessName: ["The admin account cannot be deleted here"] } });
    const deletion = await deleteConfirmedAccount({
      userId: user.id,
      password: submission.value.password,
      confirmedWithGoogle: Boolean(await confirmedWithGoogleUntil(request)),
      clientIp: clientIp(request),
    });
    if (!deletion.ok) {
      securityEvent(request, { event: "account_deleted", outcome: "failure", userId: user.id, reason: deletion.reason });
      if (deletion.reason === "throttled") return refused({ fieldErrors: { password: [deletion.message] } }, 429);
      if (deletion.reason === "google-confirmation-needed") return refused({ formErrors: [DELETE_GOOGLE_NEEDED] });
      return refused({
        fieldErrors: { password: [deletion.reason === "password-needed" ? DELETE_PASSWORD_NEEDED : DELETE_PASSWORD_WRONG] },
      });
    }
    securityEvent(request, { event: "account_deleted", outcome: "success", userId: user.id });
    return signOut(request, { redirectTo: paths.feed(), toast: { type: "success", title: "Your account has been deleted" }, logAs: null });
  }

  throw new Response("Unknown form", { status: 400 });
}

export default function Settings() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <Link to={paths.app()} className="tap text-sm text-brand-700 hover:underline">
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

      <Section title="SMS sender registration (DLT)">
        <SmsRegistrationForm
          // Saved, the form starts again from what was stored (the entity id without its spaces, the header in capitals).
          key={`${loaderData.smsRegistration?.dltEntityId}:${loaderData.smsRegistration?.senderHeader}`}
          registration={loaderData.smsRegistration}
          lastResult={actionData?.intent === "sms-registration" ? actionData.result : undefined}
        />
      </Section>

      <Section title="Where you're signed in">
        <SessionList sessions={loaderData.sessions} />
        {loaderData.sessions.some((session) => !session.thisDevice) ? (
          <SignOutForm intent="sign-out-other-sessions" className="mt-4">
            Sign out all other devices
          </SignOutForm>
        ) : null}
        <h3 className="mt-6 font-semibold text-slate-900">Sign out of every device</h3>
        <p className="mt-1 text-sm text-slate-600">
          Ends every session on every phone and computer, and every app connection, this one too. You will sign in again.
        </p>
        <SignOutForm intent="sign-out-everywhere" className="mt-3">
          Sign out of every device
        </SignOutForm>
      </Section>

      <Section title="Download my data">
        <p className="text-sm text-slate-600">Your profile, contacts, posts, credit history, campaigns and SMS, as one JSON file.</p>
        <a href={paths.settingsData()} className={buttonClasses({ variant: "secondary" }, "mt-3")}>
          Download my data
        </a>
      </Section>

      <Section title="Delete my account" danger>
        {loaderData.hasPassword ? null : (
          <ConfirmWithGoogle confirmedUntil={loaderData.googleConfirmedUntil} enabled={loaderData.googleEnabled} />
        )}
        <DeleteAccountForm
          businessName={loaderData.businessName}
          askPassword={loaderData.hasPassword}
          lastResult={actionData?.intent === "delete-account" ? actionData.result : undefined}
        />
      </Section>
      <ActionToast toast={actionData?.toast} />
    </main>
  );
}

/** One part of the settings, a region named by its heading. */
function Section({ title, danger = false, children }: { title: string; danger?: boolean; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`mt-6 rounded-xl border p-4 ${danger ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`}
    >
      <h2 id={headingId} className={`text-lg font-semibold ${danger ? "text-red-800" : "text-slate-900"}`}>
        {title}
      </h2>
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
      <ErrorSummary form={form} />
      <Field label="Current password" field={fields.currentPassword} type="password" autoComplete="current-password" />
      <Field label="New password" field={fields.password} type="password" autoComplete="new-password" />
      <SubmitButton busy={busy} busyText="Changing...">
        Change password
      </SubmitButton>
    </Form>
  );
}

/**
 * The business's own DLT registration, for its own SMS templates: the entity id and the 6-character
 * header, both or neither (then campaigns use the platform's templates under the platform's header).
 */
function SmsRegistrationForm({
  registration,
  lastResult,
}: {
  registration: { dltEntityId: string | null; senderHeader: string | null; platform: { senderHeader: string } } | null;
  lastResult: LastResult;
}) {
  const [form, fields] = useValidatedForm("sms-registration", smsRegistrationSchema, lastResult, {
    dltEntityId: registration?.dltEntityId ?? "",
    senderHeader: registration?.senderHeader ?? "",
  });
  const busy = useIsPending({ formAction: paths.settings(), intent: "sms-registration" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sms-registration" />
      <p className="text-sm text-slate-600">
        Operators in India deliver business SMS only from senders registered on DLT.{" "}
        {registration?.senderHeader
          ? `Your campaigns go out as ${registration.senderHeader} from the templates DLT approved for you (iSent's templates still go out as ${registration.platform.senderHeader}).`
          : `Until you add yours, campaigns use iSent's templates and go out as ${registration?.platform.senderHeader ?? "iSent"}.`}{" "}
        <Link to={paths.learnArticle("sms-rules-in-india")} className="font-medium text-brand-700 underline">
          SMS rules in India
        </Link>
      </p>
      {registration?.senderHeader ? (
        <Link to={paths.smsTemplates()} className={buttonClasses({ variant: "secondary" })}>
          Your SMS templates
        </Link>
      ) : null}
      <ErrorSummary form={form} />
      <Field
        label="DLT entity ID"
        field={fields.dltEntityId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="1101234567890123456"
        hint="The 19-digit Principal Entity ID your business got when it registered on an operator's DLT portal."
      />
      <Field
        label="Sender header"
        field={fields.senderHeader}
        type="text"
        autoComplete="off"
        placeholder="ASHAKT"
        hint="The 6-letter name your messages come from on customers' phones, as approved on DLT."
      />
      <p className="text-xs text-slate-500">Leave both empty to send under iSent's registration.</p>
      <SubmitButton busy={busy} busyText="Saving..." variant="secondary">
        Save DLT registration
      </SubmitButton>
    </Form>
  );
}

function SignOutForm({ intent, className, children }: { intent: string; className: string; children: string }) {
  const busy = useIsPending({ formAction: paths.settings(), intent });
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton busy={busy} busyText="Signing out..." variant="secondary">
        {children}
      </SubmitButton>
    </Form>
  );
}

type SessionRow = { id: string; thisDevice: boolean; device: string; address: string | null; signedIn: string; lastActive: string };

/** The account's sessions: this one marked, each with its own 'Sign out' (a form, so it works without JavaScript). */
function SessionList({ sessions }: { sessions: SessionRow[] }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              {session.device}
              {session.thisDevice ? (
                <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span>
              ) : null}
            </p>
            {session.address ? <p className="text-slate-600">From IP address {session.address}</p> : null}
            <p className="text-slate-600">
              Signed in {session.signedIn} · Last active {session.lastActive}
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-session" />
            <input type="hidden" name="sessionId" value={session.id} />
            <button
              type="submit"
              aria-label={session.thisDevice ? "Sign out of this device" : `Sign out of ${session.device}`}
              className={buttonClasses({ variant: "secondary", size: "lg" }, "min-h-11 min-w-11")}
            >
              Sign out
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** An account without a password proves it is its owner by signing in to Google again, just before deleting. */
function ConfirmWithGoogle({ confirmedUntil, enabled }: { confirmedUntil: string | null; enabled: boolean }) {
  const busy = useIsPending({ formAction: "/auth/google", intent: "google-confirm" });
  if (confirmedUntil) {
    return (
      <p className="mb-3 text-sm font-medium text-green-800" data-testid="google-confirmed">
        Confirmed with Google. You can delete your account until {confirmedUntil}.
      </p>
    );
  }
  return (
    <Form id="confirm-with-google" method="post" action="/auth/google" className="mb-4 scroll-mt-32 space-y-2">
      <p className="text-sm text-red-800">You sign in with Google: confirm with Google first, then delete your account within 5 minutes.</p>
      <input type="hidden" name="intent" value="google-confirm" />
      <SubmitButton busy={busy} busyText="Confirming with Google..." variant="secondary">
        Confirm with Google
      </SubmitButton>
      {enabled ? null : <p className="text-sm text-slate-600">Google Sign-In is not enabled. Please contact support.</p>}
    </Form>
  );
}

function DeleteAccountForm({
  businessName,
  askPassword,
  lastResult,
}: {
  businessName: string;
  askPassword: boolean;
  lastResult: LastResult;
}) {
  const [form, fields] = useValidatedForm("delete-account", deleteAccountSchema, lastResult);
  const busy = useIsPending({ formAction: paths.settings(), intent: "delete-account" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="delete-account" />
      <p className="text-sm text-red-800">
        This removes your contacts, posts (they leave the feed at once), campaigns and uploads, and signs you out. It cannot be undone. Your
        credit history is kept without your name, for accounting.
      </p>
      <ErrorSummary
        form={form}
        fixes={form.errors?.includes(DELETE_GOOGLE_NEEDED) ? [{ to: "#confirm-with-google", label: "Confirm with Google" }] : []}
      />
      <div>
        <label htmlFor={fields.confirmBusinessName.id} className="block text-sm font-medium text-slate-700">
          Type <strong>{businessName}</strong> to confirm
        </label>
        <input
          {...getInputProps(fields.confirmBusinessName, { type: "text" })}
          key={fields.confirmBusinessName.key}
          autoComplete="off"
          className="mt-1 min-h-11 w-full scroll-mt-32 rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <FieldError field={fields.confirmBusinessName} />
      </div>
      {askPassword ? <Field label="Your password" field={fields.password} type="password" autoComplete="current-password" /> : null}
      <SubmitButton busy={busy} busyText="Deleting..." variant="danger">
        Delete my account
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
