import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { adminAuditLog, postReports, posts } from "~/db/schema";
import { makeOffer, makePost } from "~/db/seed/factories.server";
import { REPORT_MESSAGES } from "~/lib/post-report";
import { adminFeedQuerySchema } from "~/lib/schemas/admin-feed.server";
import { ADMIN_FEED_MESSAGES } from "~/lib/schemas/admin-feed";
import { REPORT_FORM_MESSAGES } from "~/lib/schemas/post-reports";
import { listAdminActions } from "~/models/admin-audit.server";
import {
  ADMIN_FEED_PAGE_SIZE,
  ADMIN_POST_REFUSALS,
  dismissReports,
  listAdminFeed,
  removePost,
  restorePost,
} from "~/models/admin-feed.server";
import { cachedFeedPage, withCurrentCounts } from "~/models/feed-cache.server";
import { REPORT_LIMIT, fileReport, reportPost } from "~/models/post-reports.server";
import { action as postAction, loader as postLoader } from "~/routes/admin+/feed_.$id";
import { loader as listLoader } from "~/routes/admin+/feed";
import { action as apiReportAction } from "~/routes/api+/posts_.$id_.report";
import { action as reportAction, loader as reportLoader } from "~/routes/posts.$id.report";

import { createUser, sessionCookieFor } from "../support/accounts";
import { actingAdmin, adminCookie } from "../support/admin";
import { setupTestDatabase } from "../support/database";
import { Browser, call, formErrors, formPost, freshIp, getRequest, jsonPost, toastOf, type RouteHandler } from "../support/http";

const test = setupTestDatabase();

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** A route handler with the post's id as its URL's parameter (Browser calls handlers without params). */
const withId =
  (handler: RouteHandler, id: string): RouteHandler =>
  (args) =>
    handler({ ...args, params: { id } });

const stored = async (postId: string) => (await test.db.select().from(posts).where(eq(posts.id, postId)))[0];
const openReportsOf = async (postId: string) =>
  (await test.db.select().from(postReports).where(eq(postReports.postId, postId))).filter((report) => report.resolvedAt === null).length;
const report = (postId: string, reason: "spam" | "scam" = "spam") => fileReport({ postId, visitorId: randomUUID(), reason, details: null });

describe("a visitor reporting a post", () => {
  it("works as a plain form: thanked once, told it was reported already after, and counted once", async () => {
    const post = await makePost({ content: "Too good to be true" });
    const visitor = new Browser();
    const path = `/posts/${post.id}/report`;
    const page = await visitor.visit<{ done: string | null }>(withId(reportLoader, post.id), path);
    expect(page.data.done).toBeNull();

    const first = await visitor.submit(withId(reportAction, post.id), path, { reason: "scam", details: "Asks for money upfront" });
    expect(first.status).toBe(303);
    expect(first.location).toBe(`${path}?reported=new`);
    expect(visitor.has("anon_id")).toBe(true);
    const thanked = await visitor.visit<{ done: string | null }>(withId(reportLoader, post.id), first.location!);
    expect(thanked.data.done).toBe(REPORT_MESSAGES.thanks);

    const second = await visitor.submit(withId(reportAction, post.id), path, { reason: "spam" });
    expect(second.location).toBe(`${path}?reported=again`);
    const again = await visitor.visit<{ done: string | null }>(withId(reportLoader, post.id), path);
    expect(again.data.done).toBe(REPORT_MESSAGES.alreadyReported);

    const rows = await test.db.select().from(postReports).where(eq(postReports.postId, post.id));
    expect(rows).toEqual([expect.objectContaining({ reason: "scam", details: "Asks for money upfront", resolvedAt: null })]);
  });

  it("refuses a report without a reason or with details over 500 characters, filing nothing", async () => {
    const post = await makePost();
    const visitor = new Browser();
    const path = `/posts/${post.id}/report`;
    const noReason = await visitor.submit(withId(reportAction, post.id), path, { details: "x" });
    expect(noReason.status).toBe(400);
    expect(formErrors(noReason)?.reason).toEqual([REPORT_FORM_MESSAGES.reason]);
    const madeUp = await visitor.submit(withId(reportAction, post.id), path, { reason: "boring" });
    expect(formErrors(madeUp)?.reason).toEqual([REPORT_FORM_MESSAGES.reason]);
    const long = await visitor.submit(withId(reportAction, post.id), path, { reason: "other", details: "x".repeat(501) });
    expect(formErrors(long)?.details).toEqual([REPORT_FORM_MESSAGES.details]);
    expect(await openReportsOf(post.id)).toBe(0);
  });

  it("answers 404 for an unknown post, and for one the feed does not show (hidden, removed, an ended offer)", async () => {
    const hidden = await makePost({ status: "hidden" });
    const removed = await makePost({ status: "removed", removedReason: "Spam" });
    const ended = await makeOffer({ validUntil: new Date(Date.now() - 60_000) });
    for (const id of [UNKNOWN_ID, "not-a-uuid", hidden.id, removed.id, ended.id]) {
      const visitor = new Browser();
      const page = await visitor.visit(withId(reportLoader, id), `/posts/${id}/report`);
      expect(page.status).toBe(404);
      const sent = await visitor.submit(withId(reportAction, id), `/posts/${id}/report`, { reason: "spam" });
      expect(sent.status).toBe(404);
      expect(sent.data).toBe(REPORT_MESSAGES.unavailable);
    }
    expect(await openReportsOf(hidden.id)).toBe(0);
    expect(await openReportsOf(removed.id)).toBe(0);
  });

  it("is limited per client address, counted for every attempt", async () => {
    const post = await makePost();
    const ip = freshIp();
    for (let index = 0; index < REPORT_LIMIT.limit; index++) {
      const result = await reportPost({ postId: post.id, visitorId: randomUUID(), reason: "spam", details: null, clientAddress: ip });
      expect(result).toEqual({ ok: true, alreadyReported: false });
    }
    const refused = await reportPost({ postId: post.id, visitorId: randomUUID(), reason: "spam", details: null, clientAddress: ip });
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    // Another address is not held back.
    expect(await reportPost({ postId: post.id, visitorId: randomUUID(), reason: "spam", details: null, clientAddress: freshIp() })).toEqual(
      {
        ok: true,
        alreadyReported: false,
      },
    );

    const visitor = new Browser(ip);
    const form = await visitor.submit(withId(reportAction, post.id), `/posts/${post.id}/report`, { reason: "spam" });
    expect(form.status).toBe(429);
    expect(form.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(formErrors(form)?.[""]?.[0]).toMatch(/Too many/i);
  });

  it("has an /api twin: 201 then 200 for the same visitor, 404 for an unknown post, 400 for bad input", async () => {
    const post = await makePost();
    const owner = await createUser();
    const cookie = await sessionCookieFor(owner.id);
    const send = (id: string, body: unknown) =>
      call<Record<string, unknown>>(withId(apiReportAction, id), jsonPost(`/api/posts/${id}/report`, body, { cookie }));

    const first = await send(post.id, { reason: "misleading", details: "Price is wrong" });
    expect(first.status).toBe(201);
    expect(first.data).toEqual({ success: true, alreadyReported: false, message: REPORT_MESSAGES.thanks });
    const second = await send(post.id, { reason: "spam" });
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ alreadyReported: true, message: REPORT_MESSAGES.alreadyReported });
    expect((await send(UNKNOWN_ID, { reason: "spam" })).status).toBe(404);
    const bad = await send(post.id, { reason: "meh" });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ message: REPORT_FORM_MESSAGES.reason });
    // Without a session or a signed visitor id there is nobody to count the report for.
    const anonymous = await call(
      withId(apiReportAction, post.id),
      jsonPost(`/api/posts/${post.id}/report`, { reason: "spam", anonId: "made-up" }),
    );
    expect(anonymous.status).toBe(400);
    const [row] = await test.db
      .select()
      .from(postReports)
      .where(eq(postReports.visitorId, `user:${owner.id}`));
    expect(row).toMatchObject({ postId: post.id, reason: "misleading", details: "Price is wrong" });
  });
});

describe("the admin removing and restoring a post", () => {
  const submit = async (postId: string, fields: Record<string, string>, cookie?: string) =>
    call(postAction, formPost(`/admin/feed/${postId}`, fields, { cookie: cookie ?? (await adminCookie()) }), { id: postId });

  it("removes with a required reason: the feed drops it at once, reports are resolved, the audit row records before and after", async () => {
    const post = await makePost({ content: "Fake lottery prize #win", lat: 12.97, lon: 77.64 });
    await report(post.id);
    await report(post.id, "scam");
    const query = { q: "lottery", limit: 20, offset: 0 } as Parameters<typeof cachedFeedPage>[0];
    // The feed remembers a page with the post on it.
    expect((await cachedFeedPage(query)).posts.map((row) => row.id)).toContain(post.id);

    const noReason = await submit(post.id, { intent: "remove", reason: "   " });
    expect(noReason.status).toBe(400);
    expect(formErrors(noReason)?.reason).toEqual([ADMIN_FEED_MESSAGES.reasonRequired]);
    expect((await toastOf(noReason))?.title).toBe("Post not removed");
    const tooLong = await submit(post.id, { intent: "remove", reason: "x".repeat(501) });
    expect(formErrors(tooLong)?.reason).toEqual([ADMIN_FEED_MESSAGES.reasonTooLong]);
    expect((await stored(post.id)).status).toBe("live");
    expect(await listAdminActions({ entityType: "post", entityId: post.id })).toEqual([]);

    const removed = await submit(post.id, { intent: "remove", reason: "Lottery scams are not allowed" });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe(`/admin/feed/${post.id}`);
    expect(await toastOf(removed)).toMatchObject({ type: "success", title: "Post removed" });
    expect(await stored(post.id)).toMatchObject({ status: "removed", removedReason: "Lottery scams are not allowed" });
    expect(await openReportsOf(post.id)).toBe(0);
    expect((await cachedFeedPage(query)).posts.map((row) => row.id)).not.toContain(post.id);

    const admin = await actingAdmin();
    expect(await listAdminActions({ entityType: "post", entityId: post.id })).toEqual([
      expect.objectContaining({
        action: "remove_post",
        adminEmail: admin.email,
        reason: "Lottery scams are not allowed",
        before: { status: "live", removedReason: null },
        after: { status: "removed", removedReason: "Lottery scams are not allowed", resolvedReports: 2 },
      }),
    ]);
  });

  it("refuses to remove a post twice, changing nothing", async () => {
    const post = await makePost();
    const admin = await actingAdmin();
    expect(await removePost(admin, { postId: post.id, reason: "First" })).toMatchObject({ ok: true });
    const twice = await submit(post.id, { intent: "remove", reason: "Second" });
    expect(twice.status).toBe(409);
    expect(formErrors(twice)?.[""]).toEqual([ADMIN_POST_REFUSALS.alreadyRemoved]);
    expect((await stored(post.id)).removedReason).toBe("First");
    expect(await test.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, post.id))).toHaveLength(1);
  });

  it("restores to what the post was: live back in the feed, hidden stays hidden, an ended offer stays ended", async () => {
    const admin = await actingAdmin();
    const live = await makePost();
    const hidden = await makePost({ status: "hidden" });
    const offer = await makeOffer({ validUntil: new Date(Date.now() + 60_000) });
    for (const post of [live, hidden, offer]) await removePost(admin, { postId: post.id, reason: "Check" });
    await test.db
      .update(posts)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(posts.id, offer.id));

    const restored = await submit(live.id, { intent: "restore" });
    expect(restored.status).toBe(302);
    expect(await toastOf(restored)).toMatchObject({ type: "success", title: "Post restored" });
    expect(await stored(live.id)).toMatchObject({ status: "live", removedReason: null });
    expect((await withCurrentCounts([{ id: live.id } as never])).posts).toHaveLength(1);

    expect(await restorePost(admin, { postId: hidden.id })).toMatchObject({ ok: true, status: "hidden", displayStatus: "hidden" });
    expect(await restorePost(admin, { postId: offer.id })).toMatchObject({ ok: true, status: "live", displayStatus: "ended" });
    expect(await listAdminActions({ entityType: "post", entityId: hidden.id })).toEqual([
      expect.objectContaining({ action: "restore_post", after: { status: "hidden", resolvedReports: 0 } }),
      expect.objectContaining({ action: "remove_post", before: { status: "hidden", removedReason: null } }),
    ]);
  });

  it("restoring resolves open reports; restoring a post that is not removed is refused", async () => {
    const post = await makePost();
    await report(post.id);
    const notRemoved = await submit(post.id, { intent: "restore" });
    expect(notRemoved.status).toBe(409);
    expect(formErrors(notRemoved)?.[""]).toEqual([ADMIN_POST_REFUSALS.notRemoved]);
    expect(await openReportsOf(post.id)).toBe(1);
    // Reported, then removed by someone else's hand (the seed's way): restoring closes what is open.
    await test.db.update(posts).set({ status: "removed", removedReason: "x" }).where(eq(posts.id, post.id));
    expect(await restorePost(await actingAdmin(), { postId: post.id })).toMatchObject({ ok: true, status: "live", resolvedReports: 1 });
    expect(await openReportsOf(post.id)).toBe(0);
  });

  it("dismisses a post's open reports without removing it: it stays in the feed, leaves the reported list, the audit log records it", async () => {
    const content = `Honest sweets ${randomUUID().slice(0, 8)}`;
    const post = await makePost({ content });
    await report(post.id);
    await report(post.id, "scam");
    const reportedIds = async () =>
      (await listAdminFeed(adminFeedQuerySchema.parse({ reported: "1", q: content }))).rows.map((row) => row.id);
    expect(await reportedIds()).toContain(post.id);

    const dismissed = await submit(post.id, { intent: "dismiss" });
    expect(dismissed.status).toBe(302);
    expect(dismissed.location).toBe(`/admin/feed/${post.id}`);
    expect(await toastOf(dismissed)).toMatchObject({
      type: "success",
      title: "Reports dismissed",
      description: "The post stays as it is (Live); 2 open reports resolved.",
    });
    expect(await stored(post.id)).toMatchObject({ status: "live", removedReason: null });
    expect((await withCurrentCounts([{ id: post.id } as never])).posts).toHaveLength(1);
    expect(await openReportsOf(post.id)).toBe(0);
    expect(await reportedIds()).not.toContain(post.id);
    expect(await listAdminActions({ entityType: "post", entityId: post.id })).toEqual([
      expect.objectContaining({
        action: "dismiss_reports",
        adminEmail: (await actingAdmin()).email,
        summary: `Dismissed the reports on post "${content}" by Rao Sweets`,
        before: { status: "live", removedReason: null },
        after: { status: "live", resolvedReports: 2 },
      }),
    ]);

    // Nothing open: refused, nothing written.
    const again = await submit(post.id, { intent: "dismiss" });
    expect(again.status).toBe(409);
    expect(formErrors(again)?.[""]).toEqual([ADMIN_POST_REFUSALS.noOpenReports]);
    expect((await toastOf(again))?.title).toBe("Reports not dismissed");
    expect(await listAdminActions({ entityType: "post", entityId: post.id })).toHaveLength(1);
    expect(await dismissReports(await actingAdmin(), { postId: UNKNOWN_ID })).toEqual({ ok: false, reason: "not_found" });
  });

  it("answers 404 inside the admin area for an unknown post, and sends a business or visitor to the admin sign-in", async () => {
    const cookie = await adminCookie();
    for (const id of [UNKNOWN_ID, "nope"]) {
      expect((await call(postLoader, getRequest(`/admin/feed/${id}`, { cookie }), { id })).status).toBe(404);
      expect((await submit(id, { intent: "remove", reason: "Spam" })).status).toBe(404);
      expect((await submit(id, { intent: "dismiss" })).status).toBe(404);
    }
    const post = await makePost();
    const business = await createUser();
    const asBusiness = await submit(post.id, { intent: "remove", reason: "Spam" }, await sessionCookieFor(business.id));
    expect(asBusiness.location).toMatch(/^\/admin\/login\?redirectTo=/);
    const anonymous = await call(postAction, formPost(`/admin/feed/${post.id}`, { intent: "remove", reason: "Spam" }), { id: post.id });
    expect(anonymous.location).toMatch(/^\/admin\/login\?redirectTo=/);
    expect((await call(listLoader, getRequest("/admin/feed"))).location).toBe("/admin/login?redirectTo=%2Fadmin%2Ffeed");
    expect((await stored(post.id)).status).toBe("live");
  });
});

describe("the admin's list of every post", () => {
  const query = (params: Record<string, string>) => adminFeedQuerySchema.parse(params);

  it("filters by business (name or id), status, kind, city, category, text and open reports, and sorts by most reported", async () => {
    const name = `Filter Bakery ${randomUUID().slice(0, 8)}`;
    const owner = await createUser({ businessName: name });
    const plain = await makePost({ userId: owner.id, content: "Plain bread", city: "Mysuru", category: "Bakery" });
    const reported = await makePost({ userId: owner.id, content: "Suspicious cake", city: "Hubballi", category: "Restaurant" });
    const mostReported = await makeOffer({ userId: owner.id, content: "Free money", offerTitle: "Unreal discount", city: "Mysuru" });
    const hidden = await makePost({ userId: owner.id, status: "hidden", content: "Hidden loaf" });
    await report(reported.id);
    for (let index = 0; index < 3; index++) await report(mostReported.id, index ? "scam" : "spam");

    const ids = async (params: Record<string, string>) =>
      (await listAdminFeed(query({ business: name, ...params }))).rows.map((row) => row.id);
    expect(await ids({})).toEqual([hidden.id, mostReported.id, reported.id, plain.id]);
    expect((await listAdminFeed(query({ business: owner.id }))).total).toBe(4);
    expect(await ids({ status: "hidden" })).toEqual([hidden.id]);
    expect(await ids({ kind: "offer" })).toEqual([mostReported.id]);
    expect(await ids({ city: "mysuru" })).toEqual([mostReported.id, plain.id]);
    expect(await ids({ category: "bakery" })).toEqual([plain.id]);
    expect(await ids({ q: "unreal" })).toEqual([mostReported.id]);
    expect(await ids({ q: "cake" })).toEqual([reported.id]);
    expect(await ids({ reported: "1" })).toEqual([mostReported.id, reported.id]);
    expect(await ids({ sort: "reported" })).toEqual([mostReported.id, reported.id, hidden.id, plain.id]);

    const [row] = (await listAdminFeed(query({ business: name, kind: "offer" }))).rows;
    expect(row).toMatchObject({
      business: { id: owner.id, name },
      openReports: 3,
      reportReasons: [
        { reason: "scam", count: 2 },
        { reason: "spam", count: 1 },
      ],
    });
  });

  it("pages by at most 25, and says so when a filter is not one, showing everything instead", async () => {
    const owner = await createUser({ businessName: `Pager ${randomUUID().slice(0, 8)}` });
    for (let index = 0; index < ADMIN_FEED_PAGE_SIZE + 2; index++) await makePost({ userId: owner.id });
    const first = await listAdminFeed(query({ business: owner.id }));
    expect(first).toMatchObject({ total: ADMIN_FEED_PAGE_SIZE + 2, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(ADMIN_FEED_PAGE_SIZE);
    expect((await listAdminFeed(query({ business: owner.id, page: "2" }))).rows).toHaveLength(2);
    // A page past the end shows the last one.
    expect((await listAdminFeed(query({ business: owner.id, page: "99" }))).page).toBe(2);

    const cookie = await adminCookie();
    const tooLong = await call<{ badFilter: string | null; filters: { q: string } }>(
      listLoader,
      getRequest(`/admin/feed?q=${"a".repeat(101)}`, { cookie }),
    );
    expect(tooLong.data.badFilter).toBe("Search can be at most 100 characters");
    expect(tooLong.data.filters.q).toBe("");
    const badStatus = await call<{ badFilter: string | null }>(listLoader, getRequest("/admin/feed?status=gone", { cookie }));
    expect(badStatus.data.badFilter).toMatch(/^status must be one of/);
  });
});
