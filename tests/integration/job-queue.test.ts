import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactImports } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { queueJob } from "~/jobs/queue.server";
import { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/workers.server";
import { toIndianDateTime } from "~/lib/india-days";
import { postSchema } from "~/lib/schemas/posts";
import { confirmContactImport, startContactImport } from "~/models/contact-import.server";
import { publishPost } from "~/models/posts.server";

import { jobsSettled, setupTestDatabase } from "../support/database";
import { INDIRANAGAR, usePricingAndCategories } from "../support/publishing";

const test = setupTestDatabase();
usePricingAndCategories();

type JobRow = { id: string; state: string; data: Record<string, unknown>; start_after: Date | string };

/** The queue's rows for one job whose data holds `field` = `value`. */
async function jobsWith(name: string, field: string, value: string): Promise<JobRow[]> {
  const { rows } = await test.handle.executeSql(
    "select id, state, data, start_after from pgboss.job where name = $1 and data ->> $2 = $3",
    [name, field, value],
  );
  return rows as JobRow[];
}

const later = () => new Date(Date.now() + 3_600_000);

describe("queueing a job inside a model's transaction", () => {
  it("leaves no job when the transaction rolls back", async () => {
    const email = `rolled-back-${randomUUID()}@example.com`;
    await expect(
      test.db.transaction(async (tx) => {
        await queueJob("password-reset-mail", { email }, { tx, startAfter: later() });
        // Inside the transaction the job is there (outside, PGlite would wait for the transaction to end).
        const inside: unknown = await tx.execute(sql`select id from pgboss.job where data ->> 'email' = ${email}`);
        expect(Array.isArray(inside) ? inside : (inside as { rows: unknown[] }).rows).toHaveLength(1);
        throw new Error("the change fails after its job was queued");
      }),
    ).rejects.toThrow("the change fails");
    expect(await jobsWith("password-reset-mail", "email", email)).toEqual([]);
  });

  it("leaves exactly one job when the transaction commits, due from its startAfter", async () => {
    const email = `committed-${randomUUID()}@example.com`;
    const at = later();
    await test.db.transaction(async (tx) => {
      await queueJob("password-reset-mail", { email }, { tx, startAfter: at });
    });
    const jobs = await jobsWith("password-reset-mail", "email", email);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: "created", data: { email } });
    expect(new Date(jobs[0].start_after).getTime()).toBe(at.getTime());
  });

  it("runs a job queued for now once its transaction has committed (the worker is woken after the commit)", async () => {
    const email = `woken-${randomUUID()}@example.com`;
    await test.db.transaction(async (tx) => {
      await queueJob("password-reset-mail", { email }, { tx });
    });
    // The worker polls every 2 s; woken, it runs the job well before.
    await expect
      .poll(async () => (await jobsWith("password-reset-mail", "email", email)).map((job) => job.state), { timeout: 1_500, interval: 50 })
      .toEqual(["completed"]);
  });

  it("refuses data the catalogue does not allow, before anything is written", async () => {
    await expect(queueJob("contact-import", { importId: "not-a-uuid" })).rejects.toThrow();
  });
});

describe("models queue their own jobs", () => {
  it("confirming an import queues its job once, with the import's row", async () => {
    const owner = await makeUser();
    const importId = await startContactImport(owner.id, "shop.csv", new TextEncoder().encode("Name,Mobile\nRavi,9812345678\n"));
    expect(await jobsWith("contact-import", "importId", importId)).toEqual([]);
    expect(await confirmContactImport(owner.id, importId, { name: 0, mobileNumber: 1 })).toBe("queued");
    expect(await confirmContactImport(owner.id, importId, { name: 0, mobileNumber: 1 })).toBe("already");
    expect(await jobsWith("contact-import", "importId", importId)).toHaveLength(1);
    await jobsSettled(test.handle, "contact-import");
    const [row] = await test.db.select({ status: contactImports.status }).from(contactImports).where(eq(contactImports.id, importId));
    expect(row.status).toBe("done");
  });

  it("scheduling a post queues its publishing job for the post's time, in the publish's transaction", async () => {
    const owner = await makeUser({ balance: 100, ...INDIRANAGAR });
    const input = postSchema.parse({ kind: "update", content: "Opening soon", publishAt: toIndianDateTime(later()) });
    const result = await publishPost(owner.id, input, null);
    if (!result.ok) throw new Error(`Not published: ${result.reason}`);
    expect(result.post.status).toBe("scheduled");
    const { rows } = await test.handle.executeSql(
      "select count(*)::int as due from pgboss.job where name = 'publish-scheduled-posts' and state = 'created' and start_after = $1",
      [result.post.createdAt.toISOString()],
    );
    expect(rows).toEqual([{ due: 1 }]);
  });
});

describe("stopping the workers", () => {
  it("waits for a start under way (a job's wake-up is not awaited), so nothing of it runs on a closed database", async () => {
    let started = false;
    const starting = startBackgroundJobs().then(() => {
      started = true;
    });
    await stopBackgroundJobs();
    expect(started).toBe(true);
    await starting;
  });
});
