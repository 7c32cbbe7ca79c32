import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type MetaFunction, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";

import { DemoBanner } from "~/components/demo-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { useIsPending } from "~/hooks/use-is-pending";
import { adminCreateSchema } from "~/lib/schemas/auth";
import { refusingCommonPasswords } from "~/lib/schemas/auth.server";
import { pageTitle } from "~/lib/title";
import { AdminExistsError, NotDesignatedAdminError, createDesignatedAdmin } from "~/models/admins.server";
import { throttleByAddress } from "~/models/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Create the admin account") }];

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: refusingCommonPasswords(adminCreateSchema) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  // Throttled before any check, so the email cannot be guessed at speed.
  const throttled = await throttleByAddress("register", clientIp(request));
  if (throttled) {
    return data(submission.reply({ formErrors: [throttled.message], hideFields: ["password"] }), {
      status: 429,
      headers: { "Retry-After": String(throttled.retryAfterSeconds) },
    });
  }
  try {
    await createDesignatedAdmin(submission.value);
  } catch (error) {
    if (error instanceof NotDesignatedAdminError) {
      return data(submission.reply({ fieldErrors: { email: [error.message] }, hideFields: ["password"] }), { status: 403 });
    }
    if (!(error instanceof AdminExistsError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: 409 });
  }
  return redirectWithToast("/admin/login", { type: "success", title: "Admin Created" });
}

export default function AdminCreateUser() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useValidatedForm("admin-create", adminCreateSchema, lastResult);
  const busy = useIsPending();
  return (
    <>
      <DemoBanner />
      <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4">
        <h1 className="text-2xl font-bold">Create the admin account</h1>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <ErrorSummary form={form} />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" />
          <Field label="Your Name" field={fields.name} type="text" autoComplete="name" />
          <Field label="Password" field={fields.password} type="password" autoComplete="new-password" />
          <SubmitButton busy={busy} busyText="Creating...">
            Create admin
          </SubmitButton>
        </Form>
        <Link to="/admin/login" className="mt-6 text-center text-sm text-brand-700 hover:underline">
          Admin login
        </Link>
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
