import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  businessCardDesigns,
  campaigns,
  contacts,
  creditLedger,
  emailVerificationTokens,
  posts,
  refreshTokens,
  sessions,
  signInFailures,
  uploads,
  users,
} from "~/db/schema";
import { DEMO_CARD_DESIGNS } from "~/db/seed/demo-content";
import { makeCampaign, makeContact, makePost, makeUser } from "~/db/seed/factories.server";
import { PASSWORD_FROM_ACCOUNT_DETAILS, PASSWORD_TOO_COMMON } from "~/lib/schemas/auth";
import {
  CONFIRM_BUSINESS_NAME_WRONG,
  CURRENT_PASSWORD_WRONG,
  DELETE_GOOGLE_NEEDED,
  DELETE_PASSWORD_NEEDED,
  DELETE_PASSWORD_WRONG,
  SESSION_NOT_FOUND,
} from "~/lib/schemas/settings";
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

import { PASSWORD, createUser, sessionCookieFor, sessionIdIn, sessionRowsOf, submitLogin } from "../support/accounts";
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
      await saveBusinessCard(userId, { designId: design.id, title, tagline: null, email: null, website: null, showMobile: true });
    }
    const reply = await call<string | Record<string, unknown>>(dataLoader, (await signedIn(owner.id)).request("/settings/data.json"));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Disposition")).toMatch(/^attachment; filename="isent-data-.*\.json"$/);
    const body = typeof reply.data === "string" ? reply.data : JSON.stringify(reply.data);
    const exported = JSON.parse(body) as {
      profile: Record<string, unknown>;
      contacts: Array<{ id: string; name: string; userId: string }>;
      contactConsentHistory: Array<{ contactId: string; state: string; source: string | null; channel: string }>;
      posts: Array<{ content: string; userId: string }>;
      creditLedger: Array<{ userId: string }>;
      businessCard: { designId: string; fields: Record<string, string> };
    };
    expect(exported.profile).toMatchObject({ id: owner.id, businessName: "Own Shop" });
    expect(exported.contacts.map((contact) => contact.name)).toEqual(["Mine"]);
    expect(exported.contactConsentHistory).toMatchObject([{ contactId: exported.contacts[0].id, state: "opted_in", channel: "form" }]);
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
    const reply = await post(here, { intent: "delete-account", confirmBusinessName: "Gupta", password: PASSWORD });
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
    await test.db
      .insert(emailVerificationTokens)
      .values({ userId: owner.id, tokenHash: "x".repeat(64), expiresAt: new Date(Date.now() + 60_000) });

    const reply = await post(here, { intent: "delete-account", confirmBusinessName: "  Gupta   Electricals ", password: PASSWORD });
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
    expect(await test.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, owner.id))).toEqual([]);
    // Right after the answer (a job queued with the deletion), nothing of it stays public, at full size or resized.
    await expect.poll(() => publicImageStatus(url), { timeout: 10_000 }).toEqual({ original: 404, resized: 404 });
    expect(await storage.exists(upload.key)).toBe(false);

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

describe("/settings: deleting the account asks for the password again", () => {
  const deleteWith = (browser: Browser, fields: Record<string, string>) =>
    post(browser, { intent: "delete-account", confirmBusinessName: "Patel Traders", ...fields });
  const statusOf = async (userId: string) =>
    (await test.db.select({ status: users.status }).from(users).where(eq(users.id, userId)))[0].status;

  it("refuses without the password, and with a wrong one, deleting nothing and keeping the session", async () => {
    const owner = await createUser({ businessName: "Patel Traders" });
    await makePost({ userId: owner.id });
    const here = await signedIn(owner.id);

    const without = await deleteWith(here, {});
    expect(without.status).toBe(400);
    expect(formErrors(without)).toMatchObject({ password: [DELETE_PASSWORD_NEEDED] });
    expect(await toastOf(without)).toMatchObject({ type: "error", title: "Account not deleted" });

    const wrong = await deleteWith(here, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(formErrors(wrong)).toMatchObject({ password: [DELETE_PASSWORD_WRONG] });
    expect(JSON.stringify(wrong.data)).not.toContain("not-my-password");

    expect(await statusOf(owner.id)).toBe("active");
    expect(await test.db.select().from(posts).where(eq(posts.userId, owner.id))).toHaveLength(1);
    expect(await isSignedIn(here)).toBe(true);
  });

  it("counts wrong passwords with the sign-in's: after 5 from one place it waits, even the right one, and so does logging in there", async () => {
    const owner = await createUser({ businessName: "Patel Traders" });
    const here = await signedIn(owner.id);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await deleteWith(here, { password: `guess-${attempt}-x` })).status).toBe(400);
    }
    const [failures] = await test.db.select().from(signInFailures).where(eq(signInFailures.accountKey, owner.email));
    expect(failures).toMatchObject({ source: here.ip, failures: 5 });

    const right = await deleteWith(here, { password: PASSWORD });
    expect(right.status).toBe(429);
    expect(formErrors(right)?.password?.[0]).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(await statusOf(owner.id)).toBe("active");
    // The same wait holds at the sign-in form from that place: the two doors share one count.
    expect((await submitLogin(new Browser(here.ip), owner.email, PASSWORD)).status).toBe(429);
    // Elsewhere (the owner's phone) the password still works.
    expect((await submitLogin(new Browser(), owner.email, PASSWORD)).status).toBe(302);
  });

  it("a Google-only account cannot delete itself without confirming with Google first", async () => {
    const owner = await makeUser({ googleId: "google-delete-1", businessName: "Patel Traders" });
    const here = await signedIn(owner.id);
    const page = await call<{ hasPassword: boolean; googleConfirmedUntil: string | null }>(settingsLoader, here.request("/settings"));
    expect(page.data).toMatchObject({ hasPassword: false, googleConfirmedUntil: null });
    const reply = await deleteWith(here, { password: "anything-at-all" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toMatchObject({ "": [DELETE_GOOGLE_NEEDED] });
    expect(await statusOf(owner.id)).toBe("active");
  });
});

describe("/settings: where you're signed in", () => {
  const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
  const LAPTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";

  /** Signs in through the login form, as a browser with this User-Agent at this address. */
  async function loggedIn(email: string, userAgent: string, ip?: string) {
    const browser = new Browser(ip);
    expect((await submitLogin(browser, email, PASSWORD, {}, { headers: { "User-Agent": userAgent } })).status).toBe(302);
    return { browser, sessionId: (await sessionIdIn(browser.cookie))! };
  }

  type Listed = { id: string; thisDevice: boolean; device: string; address: string | null; signedIn: string; lastActive: string };
  const listOf = async (browser: Browser) =>
    (await call<{ sessions: Listed[] }>(settingsLoader, browser.request("/settings"))).data.sessions;
  const signOutSession = (browser: Browser, sessionId: string) => post(browser, { intent: "sign-out-session", sessionId });

  it("lists the account's own live sessions, this one marked, each with its device, address and times in India", async () => {
    const owner = await createUser();
    const other = await createUser();
    const phone = await loggedIn(owner.email, PHONE, "203.0.113.24");
    const laptop = await loggedIn(owner.email, LAPTOP, "2001:db8:1:2:3:4:5:6");
    const ended = await loggedIn(owner.email, LAPTOP);
    await test.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, ended.sessionId));
    await loggedIn(other.email, PHONE);
    await test.db
      .update(sessions)
      .set({ createdAt: new Date("2026-03-01T04:00:00Z"), lastSeenAt: new Date("2026-03-02T13:45:00Z") })
      .where(eq(sessions.id, laptop.sessionId));

    const listed = await listOf(phone.browser);
    expect(listed.map((session) => session.id).sort()).toEqual([phone.sessionId, laptop.sessionId].sort());
    expect(listed.find((session) => session.id === phone.sessionId)).toMatchObject({
      thisDevice: true,
      device: "Chrome on Android",
      address: "203.0.113.24",
    });
    expect(listed.find((session) => session.id === laptop.sessionId)).toEqual({
      id: laptop.sessionId,
      thisDevice: false,
      device: "Firefox on Windows",
      address: "2001:db8:1:2::/64",
      signedIn: "1 March at 9:30 am",
      lastActive: "2 March at 7:15 pm",
    });
  });

  it("'Sign out' ends that session only: this one, the others and the API tokens go on", async () => {
    const owner = await createUser();
    const phone = await loggedIn(owner.email, PHONE);
    const laptop = await loggedIn(owner.email, LAPTOP);
    const tablet = await loggedIn(owner.email, LAPTOP);
    const { refreshToken } = await issueTokenPair(owner.id);

    const reply = await signOutSession(phone.browser, laptop.sessionId);
    expect(reply).toMatchObject({ status: 302, location: "/settings" });
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Signed out of that device" });
    expect(await isSignedIn(laptop.browser)).toBe(false);
    expect(await isSignedIn(phone.browser)).toBe(true);
    expect(await isSignedIn(tablet.browser)).toBe(true);
    expect((await rotateRefreshToken(refreshToken)).ok).toBe(true);
  });

  it("another account's session id is not found: 404 with a message, and that session goes on", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const mine = await loggedIn(owner.email, PHONE);
    const theirs = await loggedIn(stranger.email, LAPTOP);
    for (const sessionId of [theirs.sessionId, "00000000-0000-4000-8000-000000000000", "not-a-session"]) {
      const reply = await signOutSession(mine.browser, sessionId);
      expect(reply.status).toBe(404);
      expect(await toastOf(reply)).toMatchObject({ type: "error", title: SESSION_NOT_FOUND });
    }
    expect(await isSignedIn(theirs.browser)).toBe(true);
    expect(await isSignedIn(mine.browser)).toBe(true);
  });

  it("'Sign out' beside this device signs this browser out", async () => {
    const owner = await createUser();
    const phone = await loggedIn(owner.email, PHONE);
    const laptop = await loggedIn(owner.email, LAPTOP);
    const reply = await signOutSession(phone.browser, phone.sessionId);
    expect(reply).toMatchObject({ status: 302, location: "/login" });
    expect(await isSignedIn(phone.browser)).toBe(false);
    expect(await isSignedIn(laptop.browser)).toBe(true);
  });

  it("'Sign out all other devices' keeps this one (and the account's API tokens)", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const phone = await loggedIn(owner.email, PHONE);
    const others = [await loggedIn(owner.email, LAPTOP), await loggedIn(owner.email, LAPTOP)];
    const theirs = await loggedIn(stranger.email, LAPTOP);
    const { refreshToken } = await issueTokenPair(owner.id);

    const reply = await post(phone.browser, { intent: "sign-out-other-sessions" });
    expect(reply).toMatchObject({ status: 302, location: "/settings" });
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Signed out of 2 other devices" });
    expect(await isSignedIn(phone.browser)).toBe(true);
    for (const other of others) expect(await isSignedIn(other.browser)).toBe(false);
    expect(await isSignedIn(theirs.browser)).toBe(true);
    expect((await listOf(phone.browser)).map((session) => session.id)).toEqual([phone.sessionId]);
    expect((await rotateRefreshToken(refreshToken)).ok).toBe(true);
  });
});
