import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { isUuid } from "~/lib/ids";
import { paths } from "~/lib/paths";
import { POST_CHANGE_RULES, changeDone, deleteConsequence, deleteDone, postDisplayStatus } from "~/lib/post-status";
import { INVALID_POST_ID, POST_NOT_FOUND, postHistoryFormSchema, postHistoryQuerySchema } from "~/lib/schemas/post-history";
import { pageTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { applyPostChange, dailyEngagement, listPostHistory } from "~/models/post-history.server";
import { deletePost, getOwnPost } from "~/models/posts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { PostHistoryItem, usePendingDeleteCount } from "./__posts-history-item";
import { historyItem } from "./__posts-history-view.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Posts History") }];

/**
 * The post a `?delete={id}` asks about (the confirm step without JavaScript): a malformed id is
 * 400 'Invalid post ID'; an unknown one, or another business's, 404 alike.
 */
async function postToConfirm(userId: string, id: string | null) {
  if (id === null) return null;
  if (!isUuid(id)) throw new Response(INVALID_POST_ID, { status: 400 });
  const post = await getOwnPost(userId, id);
  if (!post) throw new Response(POST_NOT_FOUND, { status: 404 });
  const { name, kindLabel, refundOnDelete, editPath } = historyItem({ ...post, displayStatus: postDisplayStatus(post) }, []);
  return { id, name, kindLabel, refundOnDelete, editPath };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const query = postHistoryQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [history, confirmDelete] = await Promise.all([
    listPostHistory(user.id, query),
    postToConfirm(user.id, url.searchParams.get("delete")),
  ]);
  const engagement = await dailyEngagement(
    user.id,
    history.posts.map((post) => post.id),
  );
  const now = new Date();
  return {
    posts: history.posts.map((post) => historyItem(post, engagement[post.id] ?? [], now)),
    total: history.total,
    page: history.page,
    pageCount: history.pageCount,
    confirmDelete,
  };
}

/** A refused form keeps the page, with a toast saying why, and the status an API client would get. */
const refused = (status: number, message: string) => data({ toast: createToast({ type: "error", title: message }) }, { status });

/**
 * Hide, show again, end an offer early, or delete (after the confirm step): the same model
 * functions as PATCH and DELETE /api/posts/{id}. Back to the page of the list it came from.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const { page } = postHistoryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const form = postHistoryFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return refused(400, form.error.issues[0].message);
  const { intent, postId } = form.data;
  const backTo = paths.postsHistory({ page });
  if (intent === "delete") {
    const deleted = await deletePost(user.id, postId);
    if (!deleted) return refused(404, POST_NOT_FOUND);
    return redirectWithToast(backTo, { type: "success", title: deleteDone(deleted.refunded) });
  }
  const result = await applyPostChange(user.id, postId, intent);
  if (!result.ok) return refused(result.reason === "not_found" ? 404 : 409, result.message);
  return redirectWithToast(backTo, { type: "success", title: changeDone(intent) });
}

export default function PostsHistory() {
  const { posts, total: savedTotal, page, pageCount, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Deleted posts go at once, and the total with them, before the server has answered.
  const total = savedTotal - usePendingDeleteCount();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Posts History</h1>
          <p className="text-sm text-slate-600" data-testid="posts-total">
            {total === 1 ? "1 post or offer" : `${total} posts and offers`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.sendOffers()} variant="secondary">
            Send an offer
          </ButtonLink>
          <ButtonLink to={paths.sendPost()}>Send a post</ButtonLink>
        </div>
      </div>

      {confirmDelete ? <ConfirmDelete post={confirmDelete} page={page} /> : null}

      {posts.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">No posts yet.</p>
          <p className="mt-1 text-sm text-slate-500">
            Publish a post or an offer, then see here how many people saw and liked it, day by day.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <ButtonLink to={paths.sendPost()}>Send a post</ButtonLink>
            <ButtonLink to={paths.sendOffers()} variant="secondary">
              Send an offer
            </ButtonLink>
          </div>
        </div>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Posts">
          {posts.map((post) => (
            <PostHistoryItem key={post.id} post={post} page={page} />
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.postsHistory({ page: to })} />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

/** The confirm step of a delete without JavaScript (/posts-history?delete={id}). */
function ConfirmDelete({
  post,
  page,
}: {
  post: { id: string; name: string; kindLabel: string; refundOnDelete: number; editPath: string | null };
  page: number;
}) {
  const busy = useIsPending({ formAction: paths.postsHistory({ page }), intent: "delete" });
  const noun = post.kindLabel.toLowerCase();
  return (
    <div role="alertdialog" aria-labelledby="confirm-delete" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
      <p id="confirm-delete" className="font-medium text-red-900">
        {POST_CHANGE_RULES.delete.question(noun)}
      </p>
      <p className="mt-1 break-words text-sm text-red-900">
        “{post.name}” goes from the feed and from this history. This cannot be undone.{" "}
        {deleteConsequence({ refundOnDelete: post.refundOnDelete, editable: post.editPath !== null })}
      </p>
      <Form method="post" action={paths.postsHistory({ page })} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="postId" value={post.id} />
        <Button type="submit" name="intent" value="delete" variant="danger" disabled={busy}>
          {busy ? POST_CHANGE_RULES.delete.button.busy : "Yes, delete"}
        </Button>
        {post.editPath ? (
          <ButtonLink to={post.editPath} variant="secondary">
            Edit instead
          </ButtonLink>
        ) : null}
        <ButtonLink to={paths.postsHistory({ page })} variant="secondary">
          Cancel
        </ButtonLink>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
