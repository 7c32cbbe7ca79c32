import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { businessCardDesigns, campaigns, contacts, creditLedger, posts, refreshTokens, uploads, users } from "~/db/schema";
import { DEMO_CARD_DESIGNS } from "~/db/seed/demo-content";
import { makeCampaign, makeContact, makePost, makeUser } from "~/db/seed/factories.server";
import { PASSWORD_FROM_ACCOUNT_DETAILS, PASSWORD_TOO_COMMON } from "~/lib/schemas/auth";
import { CONFIRM_BUSINESS_NAME_WRONG, CURRENT_PASSWORD_WRONG } from "~/lib/schemas/settings";
import { issueTokenPair, rotateRefreshToken } from "~/models/api-tokens.server";
import { parseFeedQuery } from "~/lib/feed-query";
import { listFeed } from "~/models/feed.server";
import { verifyPassword } from "~/models/password.server";
import { saveBusinessCard } from "~/models/business-cards.server";
import { storeImageUpload } from "~/models/uploads.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_account+/settings";
import { loader as dataLoader } from "~/routes/_account+/settings_.data[.]json";
import { createLocalDiskStorage, useFileStorage, type FileStorage } from "~/services/storage.server";
import { getUser } from "~/utils/session.server";

import { PASSWORD, createUser, sessionCookieFor, sessionRowsOf } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { publicImageStatus } from "../support/storage";
import { Browser, EVIL_SITE, call, formErrors, formPost, toastOf } from "../support/http";

const test = setupTestDatabase();

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

const post = (browser: Browser, fields: Record<string, string>) => browser.submit(settingsAction, "/settings", fields);
const isSignedIn = async (browser: Browser) => Boolean(await getUser(browser.request("/settings")));
const passwordHashOf = async (userId: string) =>
  (await test.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0].passwordHash;

describe("/settings: change password", () => {
  it("changes it, ends every other session and API token, and keeps this browser signed in", async () => {
    const owner = await createUser({ businessName: "Lakshmi Textiles" });
    const here = await signedIn(owner.id);
    const elsewhere = await signedIn(owner.id);
    const { refreshToken } = await issueTokenPair(owner.id);

    const reply = await post(here, { intent: "change-password", currentPassword: PASSWORD, password: "blue-kettle-morning-7" });
    expect(reply).toMatchObject({ status: 302, location: "/settings" });
    expect((await toastOf(reply))?.title).toBe("Password changed");
    expect(await verifyPassword((await passwordHashOf(owner.id))!, "blue-kettle-morning-7")).toBe(true);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await sessionRowsOf(owner.id)).toHaveLength(1);
    expect((await rotateRefreshToken(refreshToken)).ok).toBe(false);
  });

  it("refuses a wrong current password with a field error, changing nothing", async () => {
    const owner = await createUser();
    const before = await passwordHashOf(owner.id);
    const here = await signedIn(owner.id);
    const elsewhere = await signedIn(owner.id);
    const reply = await post(here, { intent: "change-password", currentPassword: "not-my-password", password: "blue-kettle-morning-7" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toMatchObject({ currentPassword: [CURRENT_PASSWORD_WRONG] });
    expect(await passwordHashOf(owner.id)).toBe(before);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(true);
  });

  it("refuses a common password and one made from the business name, as registration does", async () => {
    const owner = await createUser({ businessName: "Sharma Stores" });
    const before = await passwordHashOf(owner.id);
    const here = await signedIn(owner.id);
    const common = await post(here, { intent: "change-password", currentPassword: PASSWORD, password: "password123" });
    expect(common.status).toBe(400);
    expect(formErrors(common)).toMatchObject({ password: [PASSWORD_TOO_COMMON] });
    const fromName = await post(here, { intent: "change-password", currentPassword: PASSWORD, password: "SharmaStores2024" });
    expect(formErrors(fromName)).toMatchObject({ password: [PASSWORD_FROM_ACCOUNT_DETAILS] });
    expect(await passwordHashOf(owner.id)).toBe(before);
  });

  it("stops guessing the current password after a few tries", async () => {
    const owner = await createUser();
    const here = await signedIn(owner.id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const browser = new Browser();
      browser.setCookie(here.cookie);
      statuses.push(
        (await post(browser, { intent: "change-password", currentPassword: `guess-${attempt}-x`, password: "blue-kettle-morning-7" }))
          .status,
      );
    }
    expect(statuses).toContain(429);
    // Even the right password waits now, and nothing changes.
    const before = await passwordHashOf(owner.id);
    const right = await post(here, { intent: "change-password", currentPassword: PASSWORD, password: "blue-kettle-morning-7" });
    expect(right.status).toBe(429);
    expect(await passwordHashOf(owner.id)).toBe(before);
  });

  it("shows a Google-only account that it signs in with Google, with no password to change", async () => {
    const owner = await makeUser({ googleId: "google-123456" });
    const here = await signedIn(owner.id);
    const page = await call<{ hasPassword: boolean }>(settingsLoader, here.request("/settings"));
    expect(page.data.hasPassword).toBe(false);
    const reply = await post(here, { intent: "change-password", currentPassword: "anything-at-all", password: "blue-kettle-morning-7" });
    expect(reply.status).toBe(400);
    expect(await passwordHashOf(owner.id)).toBeNull();
  });

  it("refuses a cross-site post", async () => {
    const owner = await createUser();
    const here = await signedIn(owner.id);
    const reply = await call(
      settingsAction,
      formPost("/settings", { intent: "sign-out-everywhere" }, { cookie: here.cookie, origin: EVIL_SITE }),
    );
    expect(reply.status).toBe(403);
    expect(await isSignedIn(here)).toBe(true);
  });
});

describe("/settings: sign out of every device", () => {
  it("ends every session and token, this one too, and goes to /login with a toast", async () => {
    const owner = await createUser();
    const here = await signedIn(owner.id);
    const elsewhere = await signedIn(owner.id);
    const { refreshToken } = await issueTokenPair(owner.id);
    const reply = await post(here, { intent: "sign-out-everywhere" });
    expect(reply).toMatchObject({ status: 302, location: "/login" });
    expect((await toastOf(reply))?.title).toBe("Signed out of every device");
    expect(await isSignedIn(here)).toBe(false);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await sessionRowsOf(owner.id)).toEqual([]);
    expect((await rotateRefreshToken(refreshToken)).ok).toBe(false);
  });
});

describe("/settings/data.json", () => {
  it("downloads the account's own rows as a JSON attachment, without any hash", async () => {
    const owner = await createUser({ businessName: "Own Shop" });
    const other = await createUser({ businessName: "Other Shop" });
    await makeContact({ userId: owner.id, name: "Mine" });
    await makeContact({ userId: other.id, name: "Theirs" });
    await makePost({ userId: owner.id, content: "my post" });
    await makePost({ userId: other.id, content: "their post" });
    await issueTokenPair(owner.id);
    const [design] = await test.db.insert(businessCardDesigns).values({ name: "Plain", layout: DEMO_CARD_DESIGNS[0].layout }).returning();
    for (const [userId, title] of [
      [owner.id, "Owner"],
      [other.id, "Their title"],
    ]) {
      await saveBusinessCard(userId, { designId: design.id, title, tagline: null, email: null, website: null });
    }
    const reply = await call<string | Record<string, unknown>>(dataLoader, (await signedIn(owner.id)).request("/settings/data.json"));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Disposition")).toMatch(/^attachment; filename="isent-data-.*\.json"$/);
    const body = typeof reply.data === "string" ? reply.data : JSON.stringify(reply.data);
    const exported = JSON.parse(body) as {
      profile: Record<string, unknown>;
      contacts: Array<{ name: string; userId: string }>;
      posts: Array<{ content: string; userId: string }>;
      creditLedger: Array<{ userId: string }>;
      businessCard: { designId: string; fields: Record<string, string> };
    };
    expect(exported.profile).toMatchObject({ id: owner.id, businessName: "Own Shop" });
    expect(exported.contacts.map((contact) => contact.name)).toEqual(["Mine"]);
    expect(exported.posts.map((row) => row.content)).toEqual(["my post"]);
    expect(exported.creditLedger.length).toBeGreaterThan(0);
    expect(exported.creditLedger.every((row) => row.userId === owner.id)).toBe(true);
    expect(exported.businessCard).toMatchObject({ designId: design.id, fields: { title: "Owner" } });
    expect(body).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|\$argon2/);
    expect(body).not.toContain(other.id);
  });

  it("sends a visitor who is not signed in to /login", async () => {
    const reply = await call(dataLoader, new Browser().request("/settings/data.json"));
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(/^\/login/);
  });
});

describe("/settings: delete my account", () => {
  let root: string;
  let storage: FileStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "isent-settings-"));
    storage = createLocalDiskStorage(root);
    useFileStorage(storage);
  });
  afterAll(async () => {
    useFileStorage(undefined);
    await rm(root, { recursive: true, force: true });
  });

  const HERE = { lat: 12.9719, lon: 77.6412 };

  it("refuses the wrong business name with a clear error, deleting nothing", async () => {
    const owner = await createUser({ businessName: "Gupta Electricals" });
    await makePost({ userId: owner.id, ...HERE });
    const here = await signedIn(owner.id);
    const reply = await post(here, { intent: "delete-account", confirmBusinessName: "Gupta" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toMatchObject({ confirmBusinessName: [CONFIRM_BUSINESS_NAME_WRONG] });
    expect(await test.db.select().from(posts).where(eq(posts.userId, owner.id))).toHaveLength(1);
    expect(await isSignedIn(here)).toBe(true);
  });

  it("removes the data, its posts from the feed and its files, keeps the ledger anonymised, and signs out", async () => {
    const owner = await createUser({ businessName: "Gupta Electricals", name: "Raj Gupta" });
    const other = await createUser({ businessName: "Neighbour Shop" });
    await makePost({ userId: owner.id, content: "going going gone", ...HERE });
    await makePost({ userId: other.id, content: "still here", ...HERE });
    await makeContact({ userId: owner.id });
    const otherContact = await makeContact({ userId: other.id });
    await makeCampaign({ userId: owner.id });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } })
      .png()
      .toBuffer();
    const { url } = await storeImageUpload(owner.id, new Uint8Array(png));
    const [upload] = await test.db.select().from(uploads).where(eq(uploads.userId, owner.id));
    expect(await storage.exists(upload.key)).toBe(true);
    // The feed has shown it resized: that copy is drawn and kept.
    expect(await publicImageStatus(url)).toEqual({ original: 200, resized: 200 });
    const ledgerBefore = await test.db.select().from(creditLedger).where(eq(creditLedger.userId, owner.id));
    const here = await signedIn(owner.id);
    const elsewhere = await signedIn(owner.id);
    await issueTokenPair(owner.id);

    const reply = await post(here, { intent: "delete-account", confirmBusinessName: "  Gupta   Electricals " });
    expect(reply).toMatchObject({ status: 302, location: "/" });
    expect((await toastOf(reply))?.title).toBe("Your account has been deleted");
    expect(await isSignedIn(here)).toBe(false);
    expect(await isSignedIn(elsewhere)).toBe(false);

    const parsed = parseFeedQuery(new URLSearchParams({ limit: "50" }));
    if (!parsed.ok) throw new Error(parsed.message);
    const feed = await listFeed(parsed.query);
    const contents = feed.posts.map((row) => row.content);
    expect(contents).toContain("still here");
    expect(contents).not.toContain("going going gone");
    expect(await test.db.select().from(posts).where(eq(posts.userId, owner.id))).toEqual([]);
    expect(await test.db.select().from(contacts).where(eq(contacts.userId, owner.id))).toEqual([]);
    expect(await test.db.select().from(campaigns).where(eq(campaigns.userId, owner.id))).toEqual([]);
    expect(await test.db.select().from(uploads).where(eq(uploads.userId, owner.id))).toEqual([]);
    expect(await test.db.select().from(refreshTokens).where(eq(refreshTokens.userId, owner.id))).toEqual([]);
    expect(await storage.exists(upload.key)).toBe(false);
    // Nothing of it stays public, at full size or resized.
    expect(await publicImageStatus(url)).toEqual({ original: 404, resized: 404 });

    const [tombstone] = await test.db.select().from(users).where(eq(users.id, owner.id));
    expect(tombstone).toMatchObject({ status: "deleted", name: "", passwordHash: null, googleId: null, mobileNumber: null });
    expect(tombstone.email).not.toContain("@isent");
    expect(tombstone.email).toMatch(/@deleted\.invalid$/);
    expect(await test.db.select().from(creditLedger).where(eq(creditLedger.userId, owner.id))).toEqual(ledgerBefore);

    // The other business is untouched.
    expect(await test.db.select().from(contacts).where(eq(contacts.id, otherContact.id))).toHaveLength(1);
    expect(await test.db.select().from(posts).where(eq(posts.userId, other.id))).toHaveLength(1);
  });
});
