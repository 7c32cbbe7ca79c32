import { z } from "zod";

import { isUuid } from "~/lib/ids";
import { POST_CHANGES } from "~/lib/post-status";

export const POSTS_HISTORY_PAGE_SIZE = 20;
export const INVALID_POST_ID = "Invalid post ID";
export const POST_NOT_FOUND = "Post not found";
export const CHOOSE_CHANGE = "Choose what to do with the post: hide, show or end";

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** /posts-history and GET /api/posts/mine: a bad page is the first page. */
export const postHistoryQuerySchema = z.object({ page });

const postId = z.string({ required_error: INVALID_POST_ID, invalid_type_error: INVALID_POST_ID }).refine(isUuid, INVALID_POST_ID);

/** The history page's forms: one post, what to do with it, and the page to come back to. */
export const postHistoryFormSchema = z.object({
  intent: z.enum([...POST_CHANGES, "delete"], { errorMap: () => ({ message: "Choose hide, show, end or delete" }) }),
  postId,
  page,
});

/** PATCH /api/posts/{id}: {action: 'hide' | 'show' | 'end'}. */
export const postChangeSchema = z.object({
  action: z.enum(POST_CHANGES, { errorMap: () => ({ message: CHOOSE_CHANGE }) }),
});
