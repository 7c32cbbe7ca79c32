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
import { getAdminPost, removePost, restorePost } from "~/models/admin-feed.server";
import { listPostReports } from "~/models/post-reports.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Post") }];

/** One post of any business: what it says, its reports, what the admin did to it, and Remove or Restore. */
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

/** Remove (with the reason the business reads) or Restore: one model call each, a toast either way. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const postId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: adminPostActionSchema });
  const intent = submission.payload.intent === "restore" ? "restore" : "remove";
  const failure = intent === "restore" ? "Post not restored" : "Post not removed";
  if (submission.status !== "success") {
    const result = submission.reply();
    return data({ intent, result, toast: refusalToast(failure, result) }, { status: 400 });
  }
  const change =
    submission.value.intent === "remove"
      ? await removePost(admin, { postId, reason: submission.value.reason })
      : await restorePost(admin, { postId });
  if (!change.ok && change.reason === "not_found") throw new Response(ADMIN_FEED_MESSAGES.notFound, { status: 404 });
  if (!change.ok) {
    const result = submission.reply({ formErrors: [change.message] });
    return data({ intent, result, toast: refusalToast(failure, result) }, { status: 409 });
  }
  const resolved = change.resolvedReports
    ? ` ${change.resolvedReports === 1 ? "1 open report resolved." : `${change.resolvedReports} open reports resolved.`}`
    : "";
  return redirectWithToast(paths.admin.feedPost(postId), {
    type: "success",
    title: intent === "remove" ? "Post removed" : "Post restored",
    description:
      intent === "remove"
        ? `It has left the feed; the business sees the reason in its Posts History.${resolved}`
        : `Its status is ${POST_STATUS_LABELS[change.displayStatus]} again.${resolved}`,
  });
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

function RemoveForm({ postId, lastResult }: { postId: string; lastResult: SubmissionResult<string[]> | undefined }) {
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

function RestoreForm({ postId, lastResult }: { postId: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useIsPending({ intent: "restore" });
  const formError = lastResult?.error?.[""]?.[0];
  return (
    <Form method="post" id={`restore-post-${postId}`} className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">Restore</h2>
      <p className="text-sm text-slate-600">
        The post returns to what it was before it was removed (an offer that has ended since stays out of the feed), and its open reports
        are resolved.
      </p>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="restore" />
      <SubmitButton busy={busy} busyText="Restoring..." variant="secondary" wide={false}>
        Restore post
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
