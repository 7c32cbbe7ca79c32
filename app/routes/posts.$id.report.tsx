import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { ErrorSummary, RadioGroupField, asTextField, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { NotFoundBoundary } from "~/components/not-found-boundary";
import { ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { isUuid } from "~/lib/ids";
import { POST_REPORT_REASONS, POST_REPORT_REASON_LABELS, REPORT_DETAILS_MAX, REPORT_MESSAGES } from "~/lib/post-report";
import { reportPostSchema } from "~/lib/schemas/post-reports";
import { postPath, reportPagePath, shareText } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { getLivePost } from "~/models/feed.server";
import { hasReported, reportPost } from "~/models/post-reports.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { ensureAnonId, visitorIdFrom } from "~/utils/visitor.server";

export { clientAction } from "~/components/forms";

/** After a report the page says so: `?reported=new` thanks, any later visit says it was reported already. */
const REPORTED_PARAM = "reported";

async function livePostOr404(id: string | undefined) {
  const post = isUuid(id) ? await getLivePost(id) : null;
  if (!post) throw new Response(REPORT_MESSAGES.unavailable, { status: 404 });
  return post;
}

/** The report form for a post in the feed (its card's 'Report' link): no script needed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const post = await livePostOr404(params.id);
  const reported = await hasReported(post.id, await visitorIdFrom(request));
  const justNow = new URL(request.url).searchParams.get(REPORTED_PARAM) === "new";
  return {
    post: { id: post.id, businessName: post.businessName || post.authorName || "Unknown Business", text: shareText(post.content) },
    done: reported ? (justNow ? REPORT_MESSAGES.thanks : REPORT_MESSAGES.alreadyReported) : null,
    backTo: `${postPath(post.id)}#post-${post.id}`,
  };
}

/** Files the report (the same model function as POST /api/posts/{id}/report), once per visitor, within the address's limit. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const postId = params.id ?? "";
  // A first-time visitor without JavaScript gets their id now.
  const { anonId, setCookie } = await ensureAnonId(request);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  const submission = parseWithZod(await request.formData(), { schema: reportPostSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400, headers });
  const visitorId = (await visitorIdFrom(request)) ?? anonId;
  const result = await reportPost({ ...submission.value, postId, visitorId, clientAddress: clientIp(request) });
  if (!result.ok && result.reason === "not_found") throw new Response(REPORT_MESSAGES.unavailable, { status: 404, headers });
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message] }) },
      { status: 429, headers: { ...headers, "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  const page = `${reportPagePath(postId)}?${REPORTED_PARAM}=${result.alreadyReported ? "again" : "new"}`;
  return redirect(page, { status: 303, headers });
}

export const meta: MetaFunction = () => [{ title: pageTitle("Report a post") }, { name: "robots", content: "noindex" }];

const REASON_OPTIONS = POST_REPORT_REASONS.map((reason) => ({ value: reason, label: POST_REPORT_REASON_LABELS[reason] }));

export default function ReportPost() {
  const { post, done, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Report this post</h1>
      <p className="mt-2 break-words text-sm text-slate-600">
        <span className="font-semibold text-slate-800">{post.businessName}</span>: {post.text}
      </p>
      {done ? (
        <div role="status" className="mt-5 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-green-900">
          {done}
        </div>
      ) : (
        <ReportForm postId={post.id} lastResult={actionData?.result} />
      )}
      <ButtonLink to={backTo} variant="secondary" size="lg" wide className="mt-4">
        Back to Feed
      </ButtonLink>
    </main>
  );
}

function ReportForm({ postId, lastResult }: { postId: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useValidatedForm(`report-${postId}`, reportPostSchema, lastResult);
  const busy = useIsPending();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4">
      <ErrorSummary form={form} />
      <RadioGroupField legend="What is wrong with it?" field={fields.reason} options={REASON_OPTIONS} />
      <TextareaField
        label="Anything else we should know (optional)"
        field={asTextField(fields.details)}
        rows={3}
        maxLength={REPORT_DETAILS_MAX}
      />
      <p className="text-xs text-slate-500">The business is not told who reported its post.</p>
      <SubmitButton busy={busy} busyText="Sending...">
        Send report
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message={REPORT_MESSAGES.unavailable} backTo="/" backLabel="Back to Feed" />;
}
