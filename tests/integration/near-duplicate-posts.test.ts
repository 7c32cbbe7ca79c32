import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { creditLedger, posts, users } from "~/db/schema";
import { makePost, makeUser } from "~/db/seed/factories.server";
import { action as sendPostAction } from "~/routes/_app+/send-post";
import { action as postsApi } from "~/routes/api+/posts";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { SITE, call, freshIp } from "../support/http";
import { INDIRANAGAR, usePricingAndCategories } from "../support/publishing";

const test = setupTestDatabase();
usePricingAndCategories();

const TEXT = "Fresh jalebi and hot samosas from 5 pm today. Come early! #snacks";
const AGAIN = "Fresh jalebi and hot samosas from 6 pm today. Come early!! #snacks";

const business = () => makeUser({ ...INDIRANAGAR, businessName: "Kiran Sweets" });
const balanceOf = async (userId: string) =>
  (await test.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
const postsOf = (userId: string) => test.db.select().from(posts).where(eq(posts.userId, userId));
const ledgerOf = (userId: string) => test.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

async function viaApi(userId: string, body: Record<string, unknown>, key = randomUUID()) {
  const request = new Request(new URL("/api/posts", SITE), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Cookie: await sessionCookieFor(userId),
      "X-Forwarded-For": freshIp(),
      "Idempotency-Key": key,
    },
    body: JSON.stringify(body),
  });
  return call<{ post: { id: string }; balance: number; message: string; duplicateOf: { id: string; url: string; createdAt: string } }>(
    postsApi,
    request,
  );
}

/** The composer's form as a browser without JavaScript sends it. */
async function viaComposer(userId: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("imageFiles", new File([], ""), "");
  const request = new Request(new URL("/send-post", SITE), {
    method: "POST",
    headers: { Cookie: await sessionCookieFor(userId), Origin: SITE, "X-Forwarded-For": freshIp() },
    body: form,
  });
  return call<{ duplicate?: { id: string; kind: string } }>(sendPostAction, request);
}

describe("POST /api/posts and a post nearly identical to one of the last 24 hours", () => {
  it("answers 409 with the earlier post, charging nothing; with confirmDuplicate it publishes and charges", async () => {
    const owner = await business();
    const first = await viaApi(owner.id, { kind: "update", content: TEXT });
    expect(first.status).toBe(201);
    const balance = await balanceOf(owner.id);
    const ledgerRows = (await ledgerOf(owner.id)).length;

    const warned = await viaApi(owner.id, { kind: "update", content: AGAIN });
    expect(warned.status).toBe(409);
    expect(warned.data.message).toBe(
      'You published a nearly identical post in the last 24 hours. Nothing was published or charged. To publish this post as well, send it again with "confirmDuplicate": true.',
    );
    expect(warned.data.duplicateOf).toMatchObject({ id: first.data.post.id, url: expect.stringContaining(first.data.post.id) as string });
    expect(await balanceOf(owner.id)).toBe(balance);
    expect(await ledgerOf(owner.id)).toHaveLength(ledgerRows);
    expect(await postsOf(owner.id)).toHaveLength(1);

    const confirmed = await viaApi(owner.id, { kind: "update", content: AGAIN, confirmDuplicate: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.data.balance).toBe(balance - 5);
    expect(await postsOf(owner.id)).toHaveLength(2);
  });

  it("answers a repeated request (same Idempotency-Key) with its post, not a warning", async () => {
    const owner = await business();
    const key = randomUUID();
    const first = await viaApi(owner.id, { kind: "update", content: TEXT }, key);
    const again = await viaApi(owner.id, { kind: "update", content: TEXT }, key);
    expect(again.status).toBe(201);
    expect(again.data.post.id).toBe(first.data.post.id);
    expect(await postsOf(owner.id)).toHaveLength(1);
  });

  it("a confirmed request sent again under its key is the same request: its post, charged once", async () => {
    const owner = await business();
    await viaApi(owner.id, { kind: "update", content: TEXT });
    const key = randomUUID();
    const confirmed = await viaApi(owner.id, { kind: "update", content: AGAIN, confirmDuplicate: true }, key);
    const retried = await viaApi(owner.id, { kind: "update", content: AGAIN }, key);
    expect(retried.status).toBe(201);
    expect(retried.data.post.id).toBe(confirmed.data.post.id);
    expect(await postsOf(owner.id)).toHaveLength(2);
  });

  it("does not count a post older than 24 hours, another business's post, or a different text", async () => {
    const owner = await business();
    await makePost({ userId: owner.id, content: TEXT, createdAt: new Date(Date.now() - 25 * 3600_000) });
    const other = await business();
    await makePost({ userId: other.id, content: TEXT });
    expect((await viaApi(owner.id, { kind: "update", content: AGAIN })).status).toBe(201);
    expect((await viaApi(owner.id, { kind: "update", content: "Diwali boxes of kaju katli, order by Friday." })).status).toBe(201);
  });

  it("refuses a confirmDuplicate that is not true or false", async () => {
    const owner = await business();
    const reply = await viaApi(owner.id, { kind: "update", content: TEXT, confirmDuplicate: "yes" });
    expect(reply.status).toBe(400);
    expect(reply.data.message).toBe("confirmDuplicate must be true or false");
  });
});

describe("the composer and a post nearly identical to one of the last 24 hours", () => {
  it("warns on preview and on publish (409, nothing charged), then publishes when the box is ticked", async () => {
    const owner = await business();
    const earlier = await makePost({ userId: owner.id, content: TEXT, createdAt: new Date(Date.now() - 3 * 3600_000) });
    const balance = await balanceOf(owner.id);
    const fields = { kind: "update", content: AGAIN, idempotencyKey: randomUUID() };

    const preview = await viaComposer(owner.id, { ...fields, intent: "preview" });
    expect(preview.data.duplicate).toEqual({ id: earlier.id, kind: "update", createdAt: earlier.createdAt.toISOString() });

    const warned = await viaComposer(owner.id, { ...fields, intent: "publish" });
    expect(warned.status).toBe(409);
    expect(warned.data.duplicate).toMatchObject({ id: earlier.id });
    expect(await balanceOf(owner.id)).toBe(balance);
    expect(await postsOf(owner.id)).toHaveLength(1);

    const confirmed = await viaComposer(owner.id, { ...fields, intent: "publish", confirmDuplicate: "yes" });
    expect(confirmed.status).toBe(302);
    expect(await balanceOf(owner.id)).toBe(balance - 5);
    expect(await postsOf(owner.id)).toHaveLength(2);
  });
});
