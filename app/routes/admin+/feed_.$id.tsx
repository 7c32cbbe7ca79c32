import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { ErrorSummary, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { PostStatusBadge } from "~/components/post-status-badge";
import { ActionToast } from "~/components/ui/action-toast";
import { useIsPending } from "~/hooks/use-is-pending";
import { formatCount } from "~/lib/format-count";
import { imageVariantUrl } from "~/lib/images";
import { formatDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { POST_REPORT_REASON_LABELS } from "~/lib/post-report";
import { POST_KIND_LABELS, POST_STATUS_LABELS } from "~/lib/post-status";
import { refusalToast } from "~/lib/refusal";
import { ADMIN_FEED_MESSAGES, ADMIN_POST_REASON_MAX, adminPostActionSchema, removePostSchema } from "~/lib/schemas/admin-feed";
import { postPath } from "~/lib/share";
import { adminTitle } from "~/lib/title";
import { listAdminActions } from "~/models/admin-audit.server";
import { dismissReports, getAdminPost, removePost, restorePost } from "~/models/admin-feed.server";
import { listPostReports } from "~/models/post-reports.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Post") }];

/** One post of any business: what it says, its reports, what the admin did to it, and Remove or Restore, and Dismiss its reports. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const post = await getAdminPost(params.id ?? "");
  if (!post) throw new Response(ADMIN_FEED_MESSAGES.notFound, { status: 404 });
  const [reports, trail] = await Promise.all([listPostReports(post.id), listAdminActions({ entityType: "post", entityId: post.id })]);
  return {
    post: { ...post, at: formatDateTime(post.createdAt) },
    reports: reports.map((report) => ({ ...report, at: formatDateTime(report.createdAt) })),
    trail,
  };
}

/** What each form of the page does: the model call, the toast's title when it is done and when it is refused. */
const INTENTS = {
  remove: { done: "Post removed", failed: "Post not removed", button: "Remove post", busy: "Removing..." },
  restore: { done: "Post restored", failed: "Post not restored", button: "Restore post", busy: "Restoring..." },
  dismiss: { done: "Reports dismissed", failed: "Reports not dismissed", button: "Dismiss reports", busy: "Dismissing..." },
} as const;
type Intent = keyof typeof INTENTS;

const reportsResolved = (count: number) => (count === 1 ? "1 open report resolved." : `${count} open reports resolved.`);

/** Remove (with the reason the business reads), Restore, or Dismiss the reports: one model call each, a toast either way. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const postId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: adminPostActionSchema });
  const asked = submission.payload.intent;
  const intent: Intent = asked === "restore" || asked === "dismiss" ? asked : "remove";
  const failure = INTENTS[intent].failed;
  if (submission.status !== "success") {
    const result = submission.reply();
    return data({ intent, result, toast: refusalToast(failure, result) }, { status: 400 });
  }
  const input = submission.value;
  const change =
    input.intent === "remove"
      ? await removePost(admin, { postId, reason: input.reason })
      : input.intent === "restore"
        ? await restorePost(admin, { postId })
        : await dismissReports(admin, { postId });
  if (!change.ok && change.reason === "not_found") throw new Response(ADMIN_FEED_MESSAGES.notFound, { status: 404 });
  if (!change.ok) {
    const result = submission.reply({ formErrors: [change.message] });
    return data({ intent, result, toast: refusalToast(failure, result) }, { status: 409 });
  }
  const resolved = change.resolvedReports ? ` ${reportsResolved(change.resolvedReports)}` : "";
  const description = {
    remove: `It has left the feed; the business sees the reason in its Posts History.${resolved}`,
    restore: `Its status is ${POST_STATUS_LABELS[change.displayStatus]} again.${resolved}`,
    dismiss: `The post stays as it is (${POST_STATUS_LABELS[change.displayStatus]}); ${reportsResolved(change.resolvedReports)}`,
  }[intent];
  return redirectWithToast(paths.admin.feedPost(postId), { type: "success", title: INTENTS[intent].done, description });
}

export default function AdminPost() {
  const { post, reports, trail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const openReports = reports.filter((report) => report.resolvedAt === null);
  return (
    <div className="space-y-4">
      <Link to={paths.admin.feed()} className="inline-flex min-h-11 items-center text-sm text-brand-700 hover:underline">
        ← Back to the feed list
      </Link>
      <section className="rounded-xl bg-white p-4 shadow-sm" aria-labelledby="post-title">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="post-title" className="text-2xl font-bold">
            {POST_KIND_LABELS[post.kind]} by {post.business.name}
          </h1>
          <PostStatusBadge status={post.displayStatus} />
        </div>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
          <Link to={paths.admin.feed({ business: post.business.id })} className="tap text-brand-700 hover:underline">
            All posts of {post.business.name}
          </Link>
          <span>{post.business.email}</span>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <Detail label="Place">{[post.city, post.state].filter(Boolean).join(", ") || "None"}</Detail>
          <Detail label="Category">{post.category ?? "None"}</Detail>
          <Detail label="Created">{post.at}</Detail>
          <Detail label="Likes and views">
            {formatCount(post.likesCount)} · {formatCount(post.viewsCount)}
          </Detail>
        </dl>
        {post.offerTitle ? <p className="mt-3 break-words font-semibold">{post.offerTitle}</p> : null}
        <p className="mt-2 whitespace-pre-line break-words text-slate-800">{post.content}</p>
        {post.images.length ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Images">
            {post.images.map((image) => (
              <li key={image}>
                <img src={imageVariantUrl(image, 160)} alt="" width={80} height={80} className="h-20 w-20 rounded-lg object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
        {post.status === "removed" ? (
          <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="removed-reason">
            Removed: {post.removedReason ?? "no reason was recorded"}
          </p>
        ) : null}
        {post.displayStatus === "live" ? (
          <Link to={`${postPath(post.id)}#post-${post.id}`} className="tap mt-2 text-sm font-medium text-brand-700 hover:underline">
            See it in the feed
          </Link>
        ) : null}
      </section>

      {post.status === "removed" ? (
        <RestoreForm postId={post.id} lastResult={actionData?.intent === "restore" ? actionData.result : undefined} />
      ) : (
        <RemoveForm postId={post.id} lastResult={actionData?.intent === "remove" ? actionData.result : undefined} />
      )}

      <section className="rounded-xl bg-white p-4 shadow-sm" aria-labelledby="reports-title">
        <h2 id="reports-title" className="text-lg font-semibold">
          Reports <span data-testid="open-reports">({openReports.length} open)</span>
        </h2>
        {openReports.length ? (
          <DismissForm
            postId={post.id}
            openReports={openReports.length}
            lastResult={actionData?.intent === "dismiss" ? actionData.result : undefined}
          />
        ) : null}
        {reports.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No visitor has reported this post.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" aria-label="Reports">
            {reports.map((report, index) => (
              <li key={`${report.createdAt}-${index}`} className="py-2 text-sm">
                <p className="font-medium text-slate-900">
                  {POST_REPORT_REASON_LABELS[report.reason]}
                  <span className="ml-2 text-xs font-normal text-slate-500">{report.resolvedAt ? "Resolved" : "Open"}</span>
                </p>
                {report.details ? <p className="whitespace-pre-line break-words text-slate-700">{report.details}</p> : null}
                <p className="text-slate-500">{report.at}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <AuditTrail entries={trail} title="What the admin did" empty="The admin has not changed this post." />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

function RemoveForm({ postId, lastResult }: { postId: string; lastResult: LastResult }) {
  const [form, fields] = useValidatedForm(`remove-post-${postId}`, removePostSchema, lastResult);
  const busy = useIsPending({ intent: "remove" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-xl border border-red-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">Remove from the feed</h2>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="remove" />
      <TextareaField label="Reason (the business reads it)" field={fields.reason} rows={3} maxLength={ADMIN_POST_REASON_MAX} />
      <SubmitButton busy={busy} busyText="Removing..." variant="danger" wide={false}>
        Remove post
      </SubmitButton>
    </Form>
  );
}

/** Closes the open reports and leaves the post as it is: for reports the admin finds unfounded. */
function DismissForm({ postId, openReports, lastResult }: { postId: string; openReports: number; lastResult: LastResult }) {
  return (
    <IntentForm postId={postId} intent="dismiss" lastResult={lastResult} className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3">
      <p className="text-sm text-slate-700">
        Nothing wrong with it? Dismiss {openReports === 1 ? "the open report" : `the ${openReports} open reports`}: the post stays as it is
        and leaves the reported list.
      </p>
    </IntentForm>
  );
}

function RestoreForm({ postId, lastResult }: { postId: string; lastResult: LastResult }) {
  return (
    <IntentForm postId={postId} intent="restore" lastResult={lastResult} className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">Restore</h2>
      <p className="text-sm text-slate-600">
        The post returns to what it was before it was removed (an offer that has ended since stays out of the feed), and its open reports
        are resolved.
      </p>
    </IntentForm>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

/** A form with nothing to fill in: what it does, its refusal (a 409's message) and one button. */
function IntentForm({
  postId,
  intent,
  lastResult,
  className,
  children,
}: {
  postId: string;
  intent: Intent;
  lastResult: LastResult;
  className: string;
  children: React.ReactNode;
}) {
  const busy = useIsPending({ intent });
  const formError = lastResult?.error?.[""]?.[0];
  return (
    <Form method="post" id={`${intent}-post-${postId}`} className={className}>
      {children}
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton busy={busy} busyText={INTENTS[intent].busy} variant="secondary" wide={false}>
        {INTENTS[intent].button}
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
