import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { useIsPending } from "~/hooks/use-is-pending";
import { safeRedirect } from "~/lib/safe-redirect";
import { forgotPasswordSchema, loginSchema, registerSchema } from "~/lib/schemas/auth";
import { SITE_DESCRIPTION } from "~/lib/site";
import type { Toast } from "~/lib/toast";
import { assertSameOrigin } from "~/utils/csrf.server";
import { forgotPassword, login, register, type AuthIntent } from "./auth.server";
import { auth } from "~/utils/auth.server";
import { requireAnonymous, sessionEndedNotice } from "~/utils/session.server";
import { SessionEndedNotice } from "~/components/session-ended-notice";
import { pageTitle } from "~/lib/title";
import { ButtonLink } from "~/components/ui/button";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Business Login") }, { name: "description", content: SITE_DESCRIPTION }];

/** /auth and /login (routed in remix.config.js): the Login/Register tabs, the tab in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  return {
    tab: url.searchParams.get("tab") === "register" ? ("register" as const) : ("login" as const),
    resetOpen: url.searchParams.get("reset") === "1",
    redirectTo,
    googleEnabled: auth().googleEnabled,
    /** Only for a browser whose session ended: a visitor who never signed in is never told so. */
    sessionEnded: await sessionEndedNotice(request, redirectTo),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireAnonymous(request);
  // The strategy reads the original body; the forms are validated from a copy.
  const formData = await request.clone().formData();
  const intent = formData.get("intent");
  if (intent === "register") return register(request, formData);
  if (intent === "forgot") return forgotPassword(request, formData);
  return login(request, formData);
}

type ActionResult = { intent: AuthIntent; result: SubmissionResult<string[]>; toast?: Toast };

function useResult(intent: AuthIntent) {
  const actionData = useActionData<ActionResult>();
  return actionData?.intent === intent ? actionData.result : undefined;
}

const BENEFITS = [
  { title: "Easy to use", text: "Publish a post or an offer from your phone in under a minute." },
  { title: "Local reach", text: "Your posts reach people near your shop, not strangers in other cities." },
  { title: "Visual content", text: "Show your products with photos, offers and coupon codes." },
  { title: "Real-time engagement", text: "See likes, views and interactions as your neighbourhood responds." },
];

export default function AuthPage() {
  const { tab, resetOpen, redirectTo, googleEnabled, sessionEnded } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionResult>();
  const [searchParams] = useSearchParams();
  const tabLink = (next: "login" | "register") => {
    const params = new URLSearchParams(searchParams);
    params.delete("reset");
    if (next === "register") params.set("tab", "register");
    else params.delete("tab");
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  const resetLink = () => {
    const params = new URLSearchParams(searchParams);
    params.set("reset", "1");
    return `?${params}`;
  };

  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 to-white">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-2 md:py-16">
        <section className="order-2 md:order-1">
          <Link to="/" className="tap text-2xl font-bold text-brand-600">
            iSent
          </Link>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Reach the customers next door</h1>
          <p className="mt-2 text-slate-600">Post updates and offers that people near your business see first.</p>
          <ul className="mt-6 space-y-4">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <span aria-hidden className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-500" />
                <div>
                  <p className="font-semibold text-slate-900">{benefit.title}</p>
                  <p className="text-sm text-slate-600">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className="order-1 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:order-2">
          <div className="mb-4 flex justify-end">
            <ButtonLink to="/" variant="secondary" size="sm">
              Back to Feed
            </ButtonLink>
          </div>
          <nav className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium" aria-label="Login or register">
            {(["login", "register"] as const).map((name) => (
              <Link
                key={name}
                to={tabLink(name)}
                replace
                preventScrollReset
                aria-current={tab === name ? "page" : undefined}
                className={`flex min-h-11 items-center justify-center rounded-md px-3 ${tab === name ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
              >
                {name === "login" ? "Login" : "Register"}
              </Link>
            ))}
          </nav>

          <div className="mt-5">
            {sessionEnded ? <SessionEndedNotice lines={sessionEnded} /> : null}
            {/* Offered only where it can work, as on the admin's sign-in page. */}
            {googleEnabled ? (
              <>
                <GoogleButton intent={tab === "login" ? "google-login" : "google-register"} redirectTo={redirectTo} />
                <div className="my-4 flex items-center gap-3 text-xs font-medium text-slate-500">
                  <span className="h-px flex-1 bg-slate-200" />
                  OR
                  <span className="h-px flex-1 bg-slate-200" />
                </div>
              </>
            ) : null}
            {tab === "login" ? <LoginForm redirectTo={redirectTo} resetLink={resetLink()} /> : <RegisterForm redirectTo={redirectTo} />}
            <p className="mt-4 text-center text-sm text-slate-600">
              {tab === "login" ? (
                <>
                  New to iSent?{" "}
                  <Link to={tabLink("register")} replace className="font-medium text-brand-700 hover:underline">
                    Register
                  </Link>
                </>
              ) : (
                <>
                  Already registered?{" "}
                  <Link to={tabLink("login")} replace className="font-medium text-brand-700 hover:underline">
                    Login
                  </Link>
                </>
              )}
            </p>
          </div>
        </section>
      </div>
      {resetOpen ? <ResetPasswordDialog cancelLink={tabLink("login")} /> : null}
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

function GoogleButton({ intent, redirectTo }: { intent: "google-login" | "google-register"; redirectTo: string }) {
  const busy = useIsPending({ formAction: "/auth/google", intent });
  const label = intent === "google-login" ? "Continue with Google" : "Sign up with Google";
  const busyText = intent === "google-login" ? "Signing in with Google..." : "Signing up with Google...";
  return (
    <Form method="post" action="/auth/google">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        disabled={busy}
        className="flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-70"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
        </svg>
        {busy ? busyText : label}
      </button>
    </Form>
  );
}

function LoginForm({ redirectTo, resetLink }: { redirectTo: string; resetLink: string }) {
  const lastResult = useResult("login");
  const [form, fields] = useValidatedForm("login-form", loginSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ErrorSummary form={form} />
      <Field label="Email" field={fields.username} type="email" autoComplete="email" placeholder="you@business.in" />
      <Field label="Password" field={fields.password} type="password" autoComplete="current-password" />
      <div className="text-right">
        <Link to={resetLink} preventScrollReset className="tap text-sm font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </div>
      <SubmitButton busy={useIsPending({ intent: "login" })} busyText="Logging in...">
        Login with Email
      </SubmitButton>
    </Form>
  );
}

function RegisterForm({ redirectTo }: { redirectTo: string }) {
  const lastResult = useResult("register");
  const [form, fields] = useValidatedForm("register-form", registerSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ErrorSummary form={form} />
      <Field label="Email" field={fields.username} type="email" autoComplete="email" placeholder="you@business.in" />
      <Field label="Password" field={fields.password} type="password" autoComplete="new-password" />
      <Field label="Your Name" field={fields.name} type="text" autoComplete="name" />
      <Field label="Business Name" field={fields.businessName} type="text" autoComplete="organization" />
      <Field label="Mobile Number" field={fields.mobileNumber} type="tel" autoComplete="tel" placeholder="98450 12345" />
      <SubmitButton busy={useIsPending({ intent: "register" })} busyText="Registering...">
        Register with Email
      </SubmitButton>
    </Form>
  );
}

/** A dialog with JavaScript and a plain section without it: both are this URL (?reset=1). */
function ResetPasswordDialog({ cancelLink }: { cancelLink: string }) {
  const lastResult = useResult("forgot");
  const [form, fields] = useValidatedForm("forgot-form", forgotPasswordSchema, lastResult);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="reset-title" className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
        <h2 id="reset-title" className="text-lg font-semibold">
          Reset Password
        </h2>
        <p className="mt-1 text-sm text-slate-600">Enter your account's email and we will send you a link to choose a new password.</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="forgot" />
          <ErrorSummary form={form} />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" />
          <div className="flex gap-2">
            <ButtonLink to={cancelLink} replace preventScrollReset variant="secondary" size="lg" className="flex-1">
              Cancel
            </ButtonLink>
            <div className="flex-1">
              <SubmitButton busy={useIsPending({ intent: "forgot" })} busyText="Sending...">
                Send Reset Link
              </SubmitButton>
            </div>
          </div>
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
