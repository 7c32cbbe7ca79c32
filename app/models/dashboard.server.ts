import { and, count, eq } from "drizzle-orm";

import { db } from "~/db/db.server";
import { posts, users } from "~/db/schema";

import { smsSentCount } from "./campaigns.server";
import { countContacts } from "./contacts.server";
import { livePostCondition } from "./live-post.server";

/** What the business dashboard counts, read from the database (the server is the truth); live posts as the feed shows them. */
export async function businessStats(userId: string) {
  const [contactCount, sentSms, [postRow]] = await Promise.all([
    countContacts(userId),
    smsSentCount(userId),
    db()
      .select({ total: count() })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.userId, userId), livePostCondition())),
  ]);
  return { contacts: contactCount, sentSms, livePosts: postRow.total };
}
