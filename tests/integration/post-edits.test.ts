import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { creditLedger, posts, users } from "~/db/schema";
import { makeOffer, makePost, makeUser } from "~/db/seed/factories.server";
import { addDays } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { EDIT_KEEPS_MESSAGE, POST_MESSAGES, postEditSchema } from "~/lib/schemas/posts";
import { issueTokenPair } from "~/models/api-tokens.server";
import { cachedFeedPage } from "~/models/feed-cache.server";
import { EDIT_MESSAGES, editPost, publishPost } from "~/models/posts.server";
import { action as editAction, loader as editLoader } from "~/routes/_app+/posts-history_.$id.edit";
import { loader as historyLoader } from "~/routes/_app+/posts-history";
import { action as postApiAction } from "~/routes/api+/posts_.$id";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { INDIRANAGAR, usePricingAndCategories } from "../support/publishing";
import { EVIL_SITE, SITE, call, formErrors, freshIp, getRequest, toastOf } from "../support/http";

const test = setupTestDatabase();
usePricingAndCategories();

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const stored = async (postId: string) => (await test.db.select().from(posts).where(eq(posts.id, postId)))[0];
const balanceOf = async (userId: string) =>
  (await test.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
const ledgerOf = (userId: string) => test.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
const edit = (fields: Record<string, unknown>) => postEditSchema.parse({ kind: "update", ...fields });

function business() {
  return makeUser({ ...INDIRANAGAR, businessName: "Kiran Sweets", businessCategories: ["Bakery"], balance: 100 });
}

/** The edit form as a browser without JavaScript sends it (multipart, no file chosen). */
async function submitEdit(userId: string, postId: string, fields: Record<string, string | string[]>, origin = SITE) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  form.append("imageFiles", new File([], ""), "");
  const request = new Request(new URL(`/posts-history/${postId}/edit`, SITE), {
    method: "POST",
    headers: { Cookie: await sessionCookieFor(userId), Origin: origin, "X-Forwarded-For": freshIp() },
    body: form,
  });
  return call<{ result?: unknown }>(editAction, request, { id: postId });
}

async function editPage(userId: string, postId: string) {
  return call<{ initial: Record<string, unknown>; editing: { likesCount: number } | null }>(
    editLoader,
    getRequest(`/posts-history/${postId}/edit`, { cookie: await sessionCookieFor(userId) }),
    { id: postId },
  );
}

describe("correcting a live post", () => {
  it("changes its words, tags, category and images, free: its time, place, price, likes and views stay, and the history says it was edited", async () => {
    const owner = await business();
    const post = await makePost({ userId: owner.id, content: "Frsh jalebi evry morning", likesCount: 7, viewsCount: 40, pricePaid: 5 });
    const ledgerBefore = await ledgerOf(owner.id);

    const result = await editPost(owner.id, post.id, edit({ content: "Fresh jalebi every morning #sweets", category: "Bakery" }));

    expect(result.ok).toBe(true);
    const after = await stored(post.id);
    expect(after).toMatchObject({
      content: "Fresh jalebi every morning #sweets",
      hashtags: ["sweets"],
      category: "Bakery",
      status: "live",
      likesCount: 7,
      viewsCount: 40,
      pricePaid: 5,
      lat: post.lat,
      lon: post.lon,
    });
    expect(after.createdAt).toEqual(post.createdAt);
    expect(after.editedAt).toBeInstanceOf(Date);
    expect(await balanceOf(owner.id)).toBe(100);
    expect(await ledgerOf(owner.id)).toEqual(ledgerBefore);

    const history = await call<{ posts: { id: string; edited: string | null; editPath: string | null }[] }>(
      historyLoader,
      getRequest("/posts-history", { cookie: await sessionCookieFor(owner.id) }),
    );
    const item = history.data.posts.find((shown) => shown.id === post.id);
    expect(item?.edited).toMatch(/^Edited \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(item?.editPath).toBe(`/posts-history/${post.id}/edit`);
  });

  it("is not refused for being near the post's own earlier words, which a new post would be", async () => {
    const owner = await business();
    const published = await publishPost(owner.id, postSchemaInput("Diwali sweets boxes now in stok at Kiran Sweets"), null);
    if (!published.ok) throw new Error(published.reason);
    const again = await publishPost(owner.id, postSchemaInput("Diwali sweets boxes now in stock at Kiran Sweets"), null);
    expect(again).toMatchObject({ ok: false, reason: "near_duplicate" });

    const corrected = await editPost(owner.id, published.post.id, edit({ content: "Diwali sweets boxes now in stock at Kiran Sweets" }));
    expect(corrected.ok).toBe(true);
    expect((await stored(published.post.id)).content).toBe("Diwali sweets boxes now in stock at Kiran Sweets");
  });

  it("shows in the feed at once, though the feed's page was remembered with the old words", async () => {
    const owner = await business();
    const post = await makePost({ userId: owner.id, content: "Samosas at 4 pm", ...INDIRANAGAR });
    const query = { limit: 20, offset: 0, location: { lat: INDIRANAGAR.lat, lon: INDIRANAGAR.lon, radiusKm: 5 } };
    const before = await cachedFeedPage(query);
    expect(before.posts.find((shown) => shown.id === post.id)?.content).toBe("Samosas at 4 pm");

    await editPost(owner.id, post.id, edit({ content: "Samosas at 5 pm today" }));

    const after = await cachedFeedPage(query);
    expect(after.posts.find((shown) => shown.id === post.id)?.content).toBe("Samosas at 5 pm today");
  });

  it("corrects an offer's details but keeps its dates; an ended or removed post, another kind or another business's post is refused and nothing changes", async () => {
    const owner = await business();
    const until = new Date(Date.now() + 3 * 86_400_000);
    const offer = await makeOffer({ userId: owner.id, offerTitle: "20% of", couponCode: "DIWLI", validUntil: until });
    const result = await editPost(
      owner.id,
      offer.id,
      postEditSchema.parse({
        kind: "offer",
        content: "All sweets",
        offerTitle: "20% off",
        couponCode: "diwali20",
        callToActionType: "call",
      }),
    );
    expect(result.ok).toBe(true);
    expect(await stored(offer.id)).toMatchObject({
      offerTitle: "20% off",
      couponCode: "DIWALI20",
      callToActionType: "call",
      validUntil: until,
    });

    const ended = await makeOffer({ userId: owner.id, content: "Old offer", validUntil: new Date(Date.now() - 86_400_000) });
    const removed = await makePost({ userId: owner.id, content: "Taken down", status: "removed", removedReason: "Misleading" });
    const offerEdit = postEditSchema.parse({ kind: "offer", content: "New words", offerTitle: "New" });
    expect(await editPost(owner.id, ended.id, offerEdit)).toEqual({
      ok: false,
      reason: "not_applicable",
      message: "This offer has ended: it can no longer be edited. Send a new offer instead.",
    });
    expect(await editPost(owner.id, removed.id, edit({ content: "New words" }))).toEqual({
      ok: false,
      reason: "not_applicable",
      message: "The admin removed this post: it can no longer be edited, only deleted.",
    });
    const live = await makePost({ userId: owner.id, content: "A plain post" });
    expect(await editPost(owner.id, live.id, offerEdit)).toEqual({
      ok: false,
      reason: "invalid",
      field: "kind",
      message: EDIT_MESSAGES.otherKind,
    });
    const stranger = await business();
    expect(await editPost(stranger.id, live.id, edit({ content: "Hijacked" }))).toEqual({ ok: false, reason: "not_found" });
    expect(await editPost(owner.id, live.id, edit({ content: "New words", category: "Not a category" }))).toMatchObject({
      ok: false,
      field: "category",
      message: POST_MESSAGES.unknownCategory,
    });
    expect(await editPost(owner.id, live.id, edit({ content: "New words", images: ["https://evil.example/x.jpg"] }))).toMatchObject({
      ok: false,
      field: "images",
    });
    for (const untouched of [ended, removed, live]) {
      const now = await stored(untouched.id);
      expect(now.content).toBe(untouched.content);
      expect(now.editedAt).toBeNull();
    }
  });
});

/** A post to publish as the composer's form has it. */
function postSchemaInput(content: string) {
  return { kind: "update" as const, content, hashtags: [], category: null, images: [], place: null } as unknown as Parameters<
    typeof publishPost
  >[1];
}

describe("the edit page", () => {
  it("starts from the saved post, saves the correction and goes back to Posts History with the news", async () => {
    const owner = await business();
    const post = await makePost({ userId: owner.id, content: "Fresh jalebi evry morning", hashtags: ["sweets"] });
    const page = await editPage(owner.id, post.id);
    expect(page.status).toBe(200);
    expect(page.data.initial).toMatchObject({ content: "Fresh jalebi evry morning", hashtags: "#sweets" });

    const saved = await submitEdit(owner.id, post.id, {
      kind: "update",
      intent: "save",
      content: "Fresh jalebi every morning",
      hashtags: "#sweets",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/posts-history");
    expect((await toastOf(saved))?.title).toBe("Changes saved: the feed shows them now");
    expect((await stored(post.id)).content).toBe("Fresh jalebi every morning");
  });

  it("says what is wrong next to the field and changes nothing; refuses another site, another business's post and an ended offer", async () => {
    const owner = await business();
    const post = await makePost({ userId: owner.id, content: "Keep me" });
    const empty = await submitEdit(owner.id, post.id, { kind: "update", intent: "save", content: "  " });
    expect(empty.status).toBe(400);
    expect(formErrors(empty)?.content).toEqual([POST_MESSAGES.contentRequired]);
    expect((await stored(post.id)).content).toBe("Keep me");

    await expect(
      submitEdit(owner.id, post.id, { kind: "update", intent: "save", content: "From elsewhere" }, EVIL_SITE),
    ).resolves.toMatchObject({
      status: 403,
    });
    const stranger = await business();
    expect((await editPage(stranger.id, post.id)).status).toBe(404);
    expect((await submitEdit(stranger.id, post.id, { kind: "update", intent: "save", content: "Hijacked" })).status).toBe(404);
    expect((await editPage(owner.id, UNKNOWN_ID)).status).toBe(404);
    expect((await editPage(owner.id, "not-an-id")).status).toBe(400);
    expect((await stored(post.id)).content).toBe("Keep me");

    const ended = await makeOffer({ userId: owner.id, validUntil: new Date(Date.now() - 60_000) });
    const refused = await editPage(owner.id, ended.id);
    expect(refused.status).toBe(409);
    expect(refused.data).toBe("This offer has ended: it can no longer be edited. Send a new offer instead.");
  });
});

describe("PUT /api/posts/{id}", () => {
  it("corrects the post as the page does, and refuses dates, another business's post and an ended offer", async () => {
    const owner = await business();
    const token = (await issueTokenPair(owner.id)).accessToken;
    const put = (id: string, body: unknown) =>
      call<Record<string, unknown>>(
        postApiAction,
        new Request(new URL(`/api/posts/${id}`, SITE), {
          method: "PUT",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-Forwarded-For": freshIp() },
          body: JSON.stringify(body),
        }),
        { id },
      );
    const offer = await makeOffer({ userId: owner.id, offerTitle: "Buy 1 get 1", likesCount: 3 });
    const ok = await put(offer.id, { kind: "offer", content: "Buy one, get one free", title: "Buy 1 get 1 free", couponCode: "bogo" });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      content: "Buy one, get one free",
      offerTitle: "Buy 1 get 1 free",
      couponCode: "BOGO",
      likesCount: 3,
      displayStatus: "live",
    });
    expect(typeof ok.data.editedAt).toBe("string");

    const dates = await put(offer.id, {
      kind: "offer",
      content: "Longer",
      title: "Longer",
      validUntil: addDays(indianDate(new Date()), 60),
    });
    expect(dates.status).toBe(400);
    expect(dates.data.message).toContain(EDIT_KEEPS_MESSAGE);

    const otherOwner = await business();
    const theirs = await makePost({ userId: otherOwner.id });
    expect((await put(theirs.id, { kind: "update", content: "Hijacked" })).status).toBe(404);
    const ended = await makeOffer({ userId: owner.id, validUntil: new Date(Date.now() - 60_000) });
    const late = await put(ended.id, { kind: "offer", content: "Too late", title: "Too late" });
    expect(late.status).toBe(409);
    expect((await stored(theirs.id)).content).not.toBe("Hijacked");
  });
});
