import { sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";

/**
 * The provider's rate limit, kept for every server process on one database: each second (by the
 * database's clock, which all processes share) has a row counting the messages handed over in it.
 */

export type SendSlots = { granted: true } | { granted: false; waitMs: number };

/**
 * Takes `count` of this second's `limit` slots in one statement: the row is created, or added to
 * only while the sum stays within the limit (the row lock makes concurrent takers queue, each
 * seeing the sum the previous one left). Refused, it says how long until the next second starts.
 */
export async function takeSendSlots(count: number, limit: number): Promise<SendSlots> {
  if (!Number.isInteger(count) || count < 1 || count > limit) throw new RangeError(`Cannot take ${count} of ${limit} send slots`);
  const [taken] = await queryRows<{ sent: number }>(
    db(),
    sql`
      insert into sms_send_windows as w (second, sent)
      values (date_trunc('second', clock_timestamp()), ${count})
      on conflict (second) do update set sent = w.sent + excluded.sent
      where w.sent + excluded.sent <= ${limit}
      returning w.sent
    `,
  );
  if (taken) {
    // The first taker of a second clears rows older than a minute, so the table stays a few dozen rows.
    if (Number(taken.sent) === count)
      await db().execute(sql`delete from sms_send_windows where second < clock_timestamp() - interval '1 minute'`);
    return { granted: true };
  }
  const [clock] = await queryRows<{ wait_ms: number }>(
    db(),
    sql`select (1000 - extract(milliseconds from clock_timestamp())::numeric % 1000)::int as wait_ms`,
  );
  return { granted: false, waitMs: Math.max(1, Number(clock.wait_ms)) };
}
