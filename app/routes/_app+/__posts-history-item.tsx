import { Form, Link, useNavigation } from "@remix-run/react";

import { DeleteQuestion, useDeleteStep, usePendingDeleteCount as usePendingDeletes } from "~/components/delete-step";
import { PostStatusBadge } from "~/components/post-status-badge";
import { RowMenu, menuItemClasses } from "~/components/row-menu";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { POST_CHANGE_RULES, deleteConsequence } from "~/lib/post-status";

import type { HistoryItem } from "./__posts-history-view.server";
import type { action as postsHistoryAction } from "./posts-history";

/** Each post deletes through its own fetcher, named after it, so the list can see which deletes are under way. */
const DELETE_FETCHER_PREFIX = "delete-post:";

/** How many of the list's posts are being deleted right now, so the total drops with them. */
export function usePendingDeleteCount(): number {
  return usePendingDeletes(DELETE_FETCHER_PREFIX, "delete");
}

/**
 * One post of the history: what it is, its state, its numbers and chart, and what can be done
 * with it. Every action is a form that works without JavaScript; Delete stands apart in the
 * '⋯' menu and asks first: on the
 * confirm step of the page without JavaScript, in the card itself with it.
 */
export function PostHistoryItem({ post, page }: { post: HistoryItem; page: number }) {
  const listAction = paths.postsHistory({ page });
  const deleteStep = useDeleteStep<typeof postsHistoryAction>(`${DELETE_FETCHER_PREFIX}${post.id}`, "delete");
  const navigation = useNavigation();
  const changing =
    navigation.state === "submitting" && navigation.formData?.get("postId") === post.id ? navigation.formData.get("intent") : null;
  const questionId = `confirm-delete-${post.id}`;
  return (
    <li data-post-id={post.id} className={deleteStep.deleting ? "hidden" : "block"}>
      <article className="rounded-xl border border-slate-200 bg-white p-4" aria-label={`${post.kindLabel}: ${post.name}`}>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-slate-900">{post.kindLabel}</span>
          <PostStatusBadge status={post.status} label={post.statusLabel} />
          <span className="text-slate-500">{post.when}</span>
          {post.edited ? (
            <span className="text-slate-500" data-testid="edited">
              · {post.edited}
            </span>
          ) : null}
        </div>

        <div className="mt-3 flex gap-3">
          {post.coverUrl ? (
            <img src={post.coverUrl} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded-lg object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            {post.offerTitle ? <p className="break-words font-semibold text-slate-900">{post.offerTitle}</p> : null}
            <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-slate-700">{post.excerpt}</p>
            {post.offerLine ? <p className="mt-1 text-xs text-slate-500">{post.offerLine}</p> : null}
          </div>
        </div>

        {post.status === "removed" ? (
          <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-medium">Removed by admin</p>
            <p className="break-words">{post.removedReason ? `Reason: ${post.removedReason}` : "No reason was given."}</p>
          </div>
        ) : null}

        <p className="mt-3 flex gap-4 text-sm text-slate-700">
          <span data-testid="views-count">{countOf(post.views, "view", "views")}</span>
          <span data-testid="likes-count">{countOf(post.likes, "like", "likes")}</span>
        </p>
        {post.chartSvg ? (
          // Drawn on the server (app/lib/engagement-chart.ts): plain SVG, no script.
          <div
            className="mt-2 max-w-md [&>svg]:h-auto [&>svg]:w-full"
            data-testid="engagement-chart"
            dangerouslySetInnerHTML={{ __html: post.chartSvg }}
          />
        ) : (
          <p className="mt-2 text-sm text-slate-500">Views and likes are counted from the moment it goes live.</p>
        )}

        <div className="mt-3 flex flex-wrap items-center gap-2">
          {post.editPath ? (
            <Link to={post.editPath} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              {POST_CHANGE_RULES.edit.button.label}
              <span className="sr-only"> {post.name}</span>
            </Link>
          ) : null}
          {post.changes.map((change) => (
            <Form key={change} method="post" action={listAction}>
              <input type="hidden" name="postId" value={post.id} />
              <button
                type="submit"
                name="intent"
                value={change}
                disabled={changing === change}
                className={buttonClasses({ variant: "secondary", size: "sm" })}
              >
                {changing === change ? POST_CHANGE_RULES[change].button.busy : POST_CHANGE_RULES[change].button.label}
                <span className="sr-only"> {post.name}</span>
              </button>
            </Form>
          ))}
          {post.feedPath ? (
            <Link to={post.feedPath} className={buttonClasses({ variant: "ghost", size: "sm" })}>
              See it in the feed<span className="sr-only"> {post.name}</span>
            </Link>
          ) : null}
          <div className="ml-auto">
            <RowMenu label={`More for ${post.name}`}>
              <Form method="get" action={paths.postsHistory()}>
                {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
                <button {...deleteStep.ask} type="submit" name="delete" value={post.id} className={menuItemClasses("danger")}>
                  {POST_CHANGE_RULES.delete.button.label}
                  <span className="sr-only"> {post.name}</span>
                </button>
              </Form>
            </RowMenu>
          </div>
        </div>

        <DeleteQuestion question={deleteStep.question} action={listAction} id={questionId} fields={{ postId: post.id }} className="mt-3">
          {POST_CHANGE_RULES.delete.question(post.kindLabel.toLowerCase())}{" "}
          {deleteConsequence({ refundOnDelete: post.refundOnDelete, editable: post.editPath !== null })}
          {post.editPath ? (
            <>
              {" "}
              <Link to={post.editPath} className="underline">
                Edit instead
              </Link>
            </>
          ) : null}
        </DeleteQuestion>
      </article>
      <ActionToast toast={deleteStep.fetcher.data?.toast} />
    </li>
  );
}
