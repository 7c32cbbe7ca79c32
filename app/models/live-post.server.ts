import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { posts, users } from "~/db/schema";

import { activeAccountCondition } from "./account-rules.server";

/**
 * Live: a post anyone may see, like or view. Published (status 'live'), its
 * business's account active, and not past its end (an offer's valid_until;
 * an update has none).
 *
 * `post` and `owner` are the posts and users tables, or aliases of them for
 * raw SQL: `livePostCondition(alias(posts, "p"), alias(users, "u"))` reads
 * `"p"."status" = 'live' and "u"."status" = 'active' and ...`. The query must
 * join the owner (`owner.id = post.user_id`). Literals, not parameters, so the
 * partial index on live posts stays usable.
 */
export function livePostCondition(
  post: { status: AnyPgColumn; validUntil: AnyPgColumn } = posts,
  owner: { status: AnyPgColumn } = users,
): SQL {
  return sql`${post.status} = 'live' and ${activeAccountCondition(owner)} and (${post.validUntil} is null or ${post.validUntil} > now())`;
}
