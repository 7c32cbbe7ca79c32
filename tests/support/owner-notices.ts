import type { DatabaseHandle } from "~/db/client.server";

import type { ReceivedMail } from "./fake-smtp";

export type QueuedNotice = { kind: string; id: string; startAfter: Date };

/** The owner-notice mails queued about one row (an order, a ledger row, a post, a campaign). */
export async function noticesQueuedFor(handle: DatabaseHandle, id: string): Promise<QueuedNotice[]> {
  const { rows } = await handle.executeSql(
    "select data, start_after from pgboss.job where name = 'owner-notice-mail' and data->>'id' = $1",
    [id],
  );
  return (rows as Array<{ data: { kind: string; id: string }; start_after: string | Date }>).map((row) => ({
    ...row.data,
    startAfter: new Date(row.start_after),
  }));
}

export function subjectOf(mail: ReceivedMail): string {
  return /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim() ?? "";
}
