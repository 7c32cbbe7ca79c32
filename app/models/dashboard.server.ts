import { and, count, eq, isNotNull } from "drizzle-orm";

import { db } from "~/db/db.server";
import { contacts, posts, smsMessages, users } from "~/db/schema";

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

/** The admin dashboard's counts across the product; live offers are those the feed shows. */
export async function productStats() {
  const [[userRow], [postRow], [offerRow], [contactRow], [smsRow]] = await Promise.all([
    db().select({ total: count() }).from(users).where(eq(users.role, "user")),
    db().select({ total: count() }).from(posts),
    db()
      .select({ total: count() })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.kind, "offer"), livePostCondition())),
    db().select({ total: count() }).from(contacts),
    db().select({ total: count() }).from(smsMessages).where(isNotNull(smsMessages.submittedAt)),
  ]);
  return { users: userRow.total, posts: postRow.total, liveOffers: offerRow.total, contacts: contactRow.total, smsSent: smsRow.total };
}
