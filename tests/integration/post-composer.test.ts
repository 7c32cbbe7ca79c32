import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { creditLedger, keptDrafts, posts, users } from "~/db/schema";
import { makeTemplate, makeUser } from "~/db/seed/factories.server";
import { addDays } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { POST_MESSAGES } from "~/lib/schemas/posts";
import { loadRootData } from "~/root.server";
import { action as locationAction } from "~/routes/_account+/edit-profile_.location";
import { loader as successLoader } from "~/routes/_account+/success";
import { action as sendOffersAction, loader as sendOffersLoader } from "~/routes/_app+/send-offers";
import { action as sendPostAction, loader as sendPostLoader } from "~/routes/_app+/send-post";
import { UPLOAD_MESSAGES } from "~/services/image-upload.server";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { INDIRANAGAR, usePricingAndCategories } from "../support/publishing";
import { useTemporaryStorage, whileStorageFails } from "../support/storage";
import {
  EVIL_SITE,
  SITE,
  call,
  cookiePair,
  formErrors,
  formPost,
  formValues,
  freshIp,
  getRequest,
  setCookie,
  toastOf,
  type RouteHandler,
} from "../support/http";

const test = setupTestDatabase();
const storage = useTemporaryStorage("composer");

usePricingAndCategories();

const balanceOf = async (userId: string) =>
  (await test.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
const postsOf = (userId: string) => test.db.select().from(posts).where(eq(posts.userId, userId));

function business(overrides: Parameters<typeof makeUser>[0] = {}) {
  return makeUser({ ...INDIRANAGAR, businessName: "Kiran Sweets", businessCategories: ["Bakery"], ...overrides });
}

async function photo(colour: string) {
  return new File(
    [
      await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    ],
    `${colour}.jpg`,
    {
      type: "image/jpeg",
    },
  );
}

/** The composer's form as a browser without JavaScript sends it: multipart, the chosen files with it. */
async function submit(action: RouteHandler, userId: string, fields: Record<string, string | string[]>, files: File[] = [], origin = SITE) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  if (files.length === 0) form.append("imageFiles", new File([], ""), "");
  for (const file of files) form.append("imageFiles", file, file.name);
  const request = new Request(new URL("/send-post", SITE), {
    method: "POST",
    headers: { Cookie: await sessionCookieFor(userId), Origin: origin, "X-Forwarded-For": freshIp() },
    body: form,
  });
  return call<{ needsLocation?: boolean; places?: { label: string }[] }>(action, request);
}

describe("/send-post and /send-offers without JavaScript", () => {
  it("shows the price and the balance, the business's categories first, and a new key for each form", async () => {
    const owner = await business({ businessCategories: ["Restaurant"] });
    const cookie = await sessionCookieFor(owner.id);
    const first = await call<{ price: number; balance: number; categories: string[]; idempotencyKey: string }>(
      sendOffersLoader,
      getRequest("/send-offers", { cookie }),
    );
    const second = await call<{ idempotencyKey: string }>(sendOffersLoader, getRequest("/send-offers", { cookie }));
    expect(first.data).toMatchObject({ price: 10, balance: await balanceOf(owner.id), categories: ["Restaurant", "Bakery"] });
    expect(first.data.idempotencyKey).not.toBe(second.data.idempotencyKey);
  });

  it("publishes a post with three images in one submit: stored re-encoded in their order, charged, then /success", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const reply = await submit(
      sendPostAction,
      owner.id,
      { content: "Three new cakes today! #cakes", category: "Bakery", idempotencyKey: "form-key-1" },
      [await photo("#e67e22"), await photo("#2ecc71"), await photo("#3498db")],
    );
    expect(reply.status).toBe(302);
    const [post] = await postsOf(owner.id);
    expect(reply.location).toBe(`/success?post=${post.id}`);
    expect((await toastOf(reply))?.title).toBe("Post published");
    expect(post.images).toHaveLength(3);
    for (const url of post.images) expect(url).toMatch(/^\/uploads\/u\/[0-9a-f]{32}\.jpg$/);
    // In the order chosen: orange, green, blue (the first is the cover).
    const strongest = await Promise.all(
      post.images.map(async (url) => {
        const { channels } = await sharp(path.join(storage.root, url.slice("/uploads/".length))).stats();
        return ["red", "green", "blue"][
          channels.slice(0, 3).reduce((best, channel, index, all) => (channel.mean > all[best].mean ? index : best), 0)
        ];
      }),
    );
    expect(strongest).toEqual(["red", "green", "blue"]);
    expect(post).toMatchObject({ status: "live", category: "Bakery", hashtags: ["cakes"], pricePaid: 5, city: "Bengaluru" });
    expect(await balanceOf(owner.id)).toBe(before - 5);

    // The same form sent again with the same photos (a double tap, a retry): the same post, charged once.
    const again = await submit(
      sendPostAction,
      owner.id,
      { content: "Three new cakes today! #cakes", category: "Bakery", idempotencyKey: "form-key-1" },
      [await photo("#e67e22"), await photo("#2ecc71"), await photo("#3498db")],
    );
    expect(again.location).toBe(`/success?post=${post.id}`);
    expect(await postsOf(owner.id)).toHaveLength(1);
    expect(await balanceOf(owner.id)).toBe(before - 5);

    // The form reopened from the browser's history, changed and sent again: refused, as its key was spent on the first post.
    const changed = await submit(
      sendPostAction,
      owner.id,
      { content: "Two new cakes today! #cakes", category: "Bakery", idempotencyKey: "form-key-1" },
      [await photo("#e67e22")],
    );
    expect(changed.status).toBe(422);
    expect(formErrors(changed)).toEqual({
      "": ["This form was already used to publish a different post. Open a new form to publish this one."],
    });
    expect(formValues(changed)).toMatchObject({ content: "Two new cakes today! #cakes" });
    expect(await postsOf(owner.id)).toHaveLength(1);
    expect(await balanceOf(owner.id)).toBe(before - 5);

    const success = await call<{ post: { id: string; images: string[] }; url: string; balance: number }>(
      successLoader,
      getRequest(`/success?post=${post.id}`, { cookie: await sessionCookieFor(owner.id) }),
    );
    expect(success.data).toMatchObject({
      post: { id: post.id, images: post.images },
      url: `${SITE}/?post=${post.id}`,
      balance: before - 5,
    });
  });

  it("publishes an offer from a template, prefilled with the business's details", async () => {
    const owner = await business({ businessPhone: "+918023456789" });
    const template = await makeTemplate({
      kind: "offer",
      title: "Weekend offer",
      content: "This weekend at {{businessName}}, {{city}}: 10% off everything.",
      hashtags: ["weekend"],
    });
    const cookie = await sessionCookieFor(owner.id);
    const wrongComposer = await call(sendPostLoader, getRequest(`/send-post?template=${template.id}`, { cookie }));
    expect(wrongComposer.location).toBe(`/send-offers?template=${template.id}`);
    const opened = await call<{ initial: Record<string, string> }>(
      sendOffersLoader,
      getRequest(`/send-offers?template=${template.id}`, { cookie }),
    );
    expect(opened.data.initial).toMatchObject({
      content: "This weekend at Kiran Sweets, Bengaluru: 10% off everything.",
      hashtags: "weekend",
      validFrom: indianDate(),
    });
    expect(
      (await call(sendOffersLoader, getRequest("/send-offers?template=9f0c2d9e-8a4b-4c1e-9f2a-1b2c3d4e5f60", { cookie }))).status,
    ).toBe(404);

    const reply = await submit(sendOffersAction, owner.id, {
      ...opened.data.initial,
      callToActionType: "call",
      idempotencyKey: "offer-form-1",
    });
    expect(reply.status).toBe(302);
    expect((await toastOf(reply))?.title).toBe("Offer published");
    const [offer] = await postsOf(owner.id);
    expect(offer).toMatchObject({ kind: "offer", content: "This weekend at Kiran Sweets, Bengaluru: 10% off everything.", pricePaid: 10 });
  });

  it("refuses a file that is not an image, keeps the rest of the form, and publishes nothing", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const files = await storage.storedFiles();
    const php = new File(["<?php system($_GET['c']); ?>"], "shell.jpg", { type: "image/jpeg" });
    const reply = await submit(sendPostAction, owner.id, { content: "Kept text", hashtags: "#kept" }, [await photo("#abcdef"), php]);
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.images).toEqual([UPLOAD_MESSAGES.notAnImage]);
    expect((await toastOf(reply))?.title).toBe("Post not published");
    // The good image is kept for the next try; the refused one left no file.
    const kept = formValues(reply) as Record<string, unknown>;
    expect(kept).toMatchObject({ content: "Kept text", hashtags: "#kept" });
    expect([kept.images].flat()).toHaveLength(1);
    expect(await storage.storedFiles()).toBe(files + 1);
    expect(await postsOf(owner.id)).toEqual([]);
    expect(await balanceOf(owner.id)).toBe(before);
  });

  it("when file storage fails, says the photo was not stored, keeps the text, publishes and charges nothing, and tries no more photos", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const reply = await whileStorageFails(async (windows) => {
      const answer = await submit(sendPostAction, owner.id, { content: "Five minutes of typing", hashtags: "#kept" }, [
        await photo("#112233"),
        await photo("#445566"),
      ]);
      // Someone waits: storage had the page's 15 s, and the second photo was not tried after the first failed.
      expect(windows).toEqual([15_000]);
      return answer;
    });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.images).toEqual([UPLOAD_MESSAGES.notStored]);
    expect((await toastOf(reply))?.title).toBe("Post not published");
    expect(formValues(reply)).toMatchObject({ content: "Five minutes of typing", hashtags: "#kept" });
    expect(await postsOf(owner.id)).toEqual([]);
    expect(await balanceOf(owner.id)).toBe(before);
  });

  it("refuses bad offers and seven images with the messages, charging nothing", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const offer = { offerTitle: "Sale", content: "Sale on", validFrom: indianDate(), validUntil: addDays(indianDate(), 3) };
    const cases: [RouteHandler, Record<string, string>, File[], string, string][] = [
      [
        sendOffersAction,
        { ...offer, validUntil: addDays(indianDate(), -1), validFrom: addDays(indianDate(), -5) },
        [],
        "validUntil",
        POST_MESSAGES.alreadyEnded,
      ],
      [sendOffersAction, { ...offer, validFrom: addDays(indianDate(), 4) }, [], "validUntil", POST_MESSAGES.endsBeforeStart],
      [sendOffersAction, { ...offer, couponCode: "C".repeat(200) }, [], "couponCode", "A coupon code can be at most 20 characters"],
      [
        sendOffersAction,
        { ...offer, callToActionType: "website", callToActionUrl: "javascript:alert(1)" },
        [],
        "callToActionUrl",
        POST_MESSAGES.websiteForButton,
      ],
      [sendPostAction, { content: "x".repeat(1501) }, [], "content", POST_MESSAGES.contentTooLong],
      [sendPostAction, { content: "Hi", category: "Casino" }, [], "category", POST_MESSAGES.unknownCategory],
    ];
    for (const [action, fields, files, field, message] of cases) {
      const reply = await submit(action, owner.id, fields, files);
      expect(reply.status, JSON.stringify(fields).slice(0, 100)).toBe(400);
      expect(formErrors(reply)?.[field]).toEqual([message]);
    }
    const seven = await Promise.all(Array.from({ length: 7 }, (_, index) => photo(`#${String(index).repeat(6)}`)));
    const tooMany = await submit(sendPostAction, owner.id, { content: "Many" }, seven);
    expect(formErrors(tooMany)?.images).toEqual([POST_MESSAGES.tooManyImages]);
    expect(await postsOf(owner.id)).toEqual([]);
    expect(await balanceOf(owner.id)).toBe(before);
  });

  it("tells a business without a location why it cannot publish, and one short of credits by how much", async () => {
    const nowhere = await makeUser();
    const noPlace = await submit(sendPostAction, nowhere.id, { content: "Hello" });
    expect(noPlace.status).toBe(409);
    expect(noPlace.data.needsLocation).toBe(true);
    expect(formErrors(noPlace)?.[""]).toEqual(["Set your business location before publishing: your posts reach people near it."]);

    const poor = await business({ balance: 2 });
    const short = await submit(sendPostAction, poor.id, { content: "Hello" });
    expect(short.status).toBe(402);
    expect(formErrors(short)?.[""]).toEqual(["This post costs 5 credits and your balance is 2: you need 3 more credits to publish it."]);
    expect(await test.db.select().from(creditLedger).where(eq(creditLedger.userId, poor.id))).toHaveLength(2);
  });

  it("refuses a form whose hidden key was tampered with (a NUL byte, too short) with a message, publishing nothing", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    for (const idempotencyKey of ["key\u0000with-nul", "short"]) {
      const reply = await submit(sendPostAction, owner.id, { content: "Hello", idempotencyKey });
      expect(reply.status).toBe(400);
      expect(formErrors(reply)?.[""]).toEqual(["This form could not be sent as it was drawn. Reload the page and try again."]);
    }
    expect([await postsOf(owner.id), await balanceOf(owner.id)]).toEqual([[], before]);
  });

  it("searches places without JavaScript, keeping what was typed and showing no errors", async () => {
    const owner = await business();
    const reply = await submit(sendPostAction, owner.id, { intent: "search-place", placeQuery: "Koramangala", content: "" });
    expect(reply.status).toBe(200);
    expect(reply.data.places?.map((place) => place.label).some((label) => label.startsWith("Koramangala"))).toBe(true);
    expect(formErrors(reply)).toBeUndefined();
    expect(await postsOf(owner.id)).toEqual([]);
  });

  it("previews a form of 20,000 fields in one pass: the form comes back as sent, at once", async () => {
    const owner = await business();
    const fields: Record<string, string | string[]> = {
      intent: "preview",
      content: "Fresh jalebi",
      images: ["/uploads/u/a.jpg", "/uploads/u/b.jpg"],
    };
    for (let index = 0; index < 20_000; index++) fields[`extra${index}`] = String(index);
    const started = performance.now();
    const reply = await submit(sendPostAction, owner.id, fields);
    const seconds = (performance.now() - started) / 1000;
    expect(reply.status).toBe(200);
    expect(formValues(reply)).toMatchObject({
      content: "Fresh jalebi",
      images: ["/uploads/u/a.jpg", "/uploads/u/b.jpg"],
      extra19999: "19999",
    });
    // ~2 s here, nearly all of it parsing the 20,000 parts; building the echo field by field took 16 s.
    expect(seconds).toBeLessThan(6);
  });

  it("refuses a post from another site, and /success of another business's post is a 404", async () => {
    const owner = await business();
    expect((await submit(sendPostAction, owner.id, { content: "Hi" }, [], EVIL_SITE)).status).toBe(403);
    const other = await business();
    await submit(sendPostAction, other.id, { content: "Theirs", idempotencyKey: "their-key" });
    const [theirs] = await postsOf(other.id);
    for (const id of [theirs.id, "not-an-id"]) {
      expect((await call(successLoader, getRequest(`/success?post=${id}`, { cookie: await sessionCookieFor(owner.id) }))).status).toBe(404);
    }
  });
});

describe("a detour from the composer ('Buy credits', 'Set your location')", () => {
  it("keeps the post with its stored photos, charges nothing, and goes to the detour; its end comes back to the post, filled in, once", async () => {
    const owner = await business({ balance: 0 });
    const reply = await submit(
      sendPostAction,
      owner.id,
      {
        kind: "update",
        content: "Ragi and jowar, fresh stock #millets",
        category: "Bakery",
        idempotencyKey: "key-detour-1",
        detour: "credits",
      },
      [await photo("#8e5b3a")],
    );
    expect([reply.status, reply.location]).toEqual([303, "/credits"]);
    expect(await postsOf(owner.id)).toHaveLength(0);
    expect(await balanceOf(owner.id)).toBe(0);
    const keptCookie = cookiePair(setCookie(reply, "kept_draft"));
    const [draft] = await test.db.select().from(keptDrafts).where(eq(keptDrafts.userId, owner.id));
    expect(draft).toMatchObject({ path: "/send-post", reason: "detour", droppedFiles: 0 });
    // The photo was stored on the way: the draft holds its address, so it comes back too. Never the key or the button.
    const names = draft.fields.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(["kind", "content", "category", "images"]));
    expect(names).not.toContain("idempotencyKey");
    expect(names).not.toContain("detour");
    expect(draft.fields.find(([name]) => name === "images")?.[1]).toMatch(/^\/uploads\//);

    const cookie = `${await sessionCookieFor(owner.id)}; ${keptCookie}`;
    // On the detour's screens, root offers the way back; the place saved, the location step goes back to the post.
    const onCredits = await call<{ detour: unknown; keptDraft: unknown }>(
      () => loadRootData(getRequest("/credits", { cookie })),
      getRequest("/"),
    );
    expect(onCredits.data).toMatchObject({ keptDraft: null, detour: { path: "/send-post", name: "your post" } });
    const placed = await call(
      locationAction,
      formPost("/edit-profile/location", { intent: "choose", lat: "12.97194", lon: "77.64115", label: "Indiranagar" }, { cookie }),
    );
    expect(placed.location).toBe("/send-post");
    const back = await call<{ keptDraft: { reason: string; fields: [string, string][] } | null }>(
      () => loadRootData(getRequest("/send-post", { cookie })),
      getRequest("/"),
    );
    expect(back.data.keptDraft).toMatchObject({
      reason: "detour",
      fields: expect.arrayContaining([["content", "Ragi and jowar, fresh stock #millets"]]),
    });
    const again = await call<{ keptDraft: unknown }>(() => loadRootData(getRequest("/send-post", { cookie })), getRequest("/"));
    expect(again.data.keptDraft).toBeNull();
  });

  it("is not followed by another account on the same phone, and an unknown detour is an ordinary submit", async () => {
    const owner = await business({ balance: 0 });
    const reply = await submit(
      sendPostAction,
      owner.id,
      { kind: "update", content: "Hello", idempotencyKey: "key-detour-2", detour: "location" },
      [],
    );
    expect([reply.status, reply.location]).toEqual([303, "/edit-profile/location"]);
    const other = await business();
    const cookie = `${await sessionCookieFor(other.id)}; ${cookiePair(setCookie(reply, "kept_draft"))}`;
    const placed = await call(
      locationAction,
      formPost("/edit-profile/location", { intent: "choose", lat: "12.97194", lon: "77.64115", label: "Indiranagar" }, { cookie }),
    );
    expect(placed.location).toBe("/edit-profile");

    const odd = await submit(
      sendPostAction,
      owner.id,
      { kind: "update", content: "Hello", idempotencyKey: "key-detour-3", detour: "admin" },
      [],
    );
    expect(odd.status).toBe(402);
  });
});
