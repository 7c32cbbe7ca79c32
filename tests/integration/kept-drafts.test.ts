import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts, keptDrafts } from "~/db/schema";
import { CONTACTS_SESSION_EXPIRED, KEPT_DRAFT_LIMITS, SESSION_ENDED } from "~/lib/kept-draft";
import { forgetExpiredDrafts, keepDraft, takeDraft } from "~/models/kept-drafts.server";
import { endSession } from "~/models/sessions.server";
import { loadRootData } from "~/root.server";
import { loader as authLoader } from "~/routes/_auth+/auth";
import { action as addContactAction } from "~/routes/_app+/add-contact";
import { action as categoriesAction } from "~/routes/admin+/categories";
import { loader as adminLoginLoader } from "~/routes/admin_+/login";

import { createUser, designatedAdmin, signedInSession } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, cookiePair, formPost, getRequest, setCookie } from "../support/http";

const test = setupTestDatabase();

/** A browser signed in as a new business whose session then ended elsewhere (Logout deletes the row). */
async function endedBrowser() {
  const owner = await createUser();
  const session = await signedInSession(owner.id);
  await endSession(session.id);
  return { owner, cookie: session.cookie };
}

const ADD_CONTACT = {
  name: "Asha Kulkarni",
  mobileNumber: "98123 45678",
  notes: "Likes kaju katli",
  idempotencyKey: "key-12345678",
  intent: "save",
};

async function draftsOf(userId: string) {
  return test.db.select().from(keptDrafts).where(eq(keptDrafts.userId, userId));
}

/** Root's data for this page as this browser (its cookies) asks for it. */
async function rootData(path: string, cookie: string) {
  return (await call<{ keptDraft: unknown }>(() => loadRootData(getRequest(path, { cookie })), getRequest(path))).data.keptDraft;
}

describe("a form sent after its session ended", () => {
  it("is kept for that account, without what must not be replayed, and sends the browser to sign in; nothing saved", async () => {
    const { owner, cookie } = await endedBrowser();
    const reply = await call(addContactAction, formPost("/add-contact", ADD_CONTACT, { cookie }));
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/login?redirectTo=%2Fadd-contact");
    expect(setCookie(reply, "kept_draft")).toBeDefined();
    const [draft] = await draftsOf(owner.id);
    expect(draft).toMatchObject({
      path: "/add-contact",
      fields: [
        ["name", "Asha Kulkarni"],
        ["mobileNumber", "98123 45678"],
        ["notes", "Likes kaju katli"],
      ],
      droppedFiles: 0,
      // Which form was sent, to fill that one only; never a field.
      intent: "save",
    });
    expect(await test.db.select().from(contacts).where(eq(contacts.userId, owner.id))).toEqual([]);
  });

  it("keeps nothing for a visitor who never signed in, and the sign-in page does not say a session ended", async () => {
    const before = await test.db.select({ count: sql<number>`count(*)::int` }).from(keptDrafts);
    const reply = await call(addContactAction, formPost("/add-contact", ADD_CONTACT));
    expect(reply.location).toBe("/login?redirectTo=%2Fadd-contact");
    expect(setCookie(reply, "kept_draft")).toBeUndefined();
    expect(await test.db.select({ count: sql<number>`count(*)::int` }).from(keptDrafts)).toEqual(before);
    const page = await call<{ sessionEnded: string[] | null }>(authLoader, getRequest("/login?redirectTo=%2Fcontacts"));
    expect(page.data.sessionEnded).toBeNull();
  });

  it("has the sign-in page say the session ended: the contacts screen's exact words, plain words elsewhere, and that the form is kept", async () => {
    const { cookie } = await endedBrowser();
    const contactsPage = await call<{ sessionEnded: string[] | null }>(authLoader, getRequest("/login?redirectTo=%2Fcontacts", { cookie }));
    expect(contactsPage.data.sessionEnded).toEqual([CONTACTS_SESSION_EXPIRED]);

    const sent = await call(addContactAction, formPost("/add-contact", ADD_CONTACT, { cookie }));
    const withDraft = `${cookie}; ${cookiePair(setCookie(sent, "kept_draft"))}`;
    const page = await call<{ sessionEnded: string[] | null }>(
      authLoader,
      getRequest("/login?redirectTo=%2Fadd-contact", { cookie: withDraft }),
    );
    expect(page.data.sessionEnded?.[0]).toBe(SESSION_ENDED);
    expect(page.data.sessionEnded?.[1]).toMatch(/^Nothing was sent\. What you typed is kept for an hour/);
  });

  it("comes back once, on its own screen, to its own account only", async () => {
    const { owner, cookie } = await endedBrowser();
    const sent = await call(addContactAction, formPost("/add-contact", ADD_CONTACT, { cookie }));
    const pointer = cookiePair(setCookie(sent, "kept_draft"));

    // Another account signed in on the same phone: nothing, and the draft still waits for its owner.
    const stranger = await signedInSession((await createUser()).id);
    expect(await rootData("/add-contact", `${stranger.cookie}; ${pointer}`)).toBeNull();
    // Its owner, on another screen: nothing yet.
    const again = await signedInSession(owner.id);
    expect(await rootData("/contacts", `${again.cookie}; ${pointer}`)).toBeNull();
    // Its owner on its screen: the fields, then never again.
    expect(await rootData("/add-contact", `${again.cookie}; ${pointer}`)).toMatchObject({
      path: "/add-contact",
      fields: [
        ["name", "Asha Kulkarni"],
        ["mobileNumber", "98123 45678"],
        ["notes", "Likes kaju katli"],
      ],
    });
    expect(await rootData("/add-contact", `${again.cookie}; ${pointer}`)).toBeNull();
    expect(await draftsOf(owner.id)).toEqual([]);
  });
});

describe("an admin form sent after the admin's session ended", () => {
  it("is kept for the admin, and the admin's sign-in page says the session ended and the form is kept", async () => {
    const admin = await designatedAdmin();
    const session = await signedInSession(admin.id);
    await endSession(session.id);
    const reply = await call(
      categoriesAction,
      formPost("/admin/categories", { intent: "add", name: "Tailors" }, { cookie: session.cookie }),
    );
    expect(reply.location).toBe("/admin/login?redirectTo=%2Fadmin%2Fcategories");
    const [draft] = await draftsOf(admin.id);
    expect(draft).toMatchObject({ path: "/admin/categories", fields: [["name", "Tailors"]], intent: "add" });
    const cookie = `${session.cookie}; ${cookiePair(setCookie(reply, "kept_draft"))}`;
    const page = await call<{ sessionEnded: string[] | null }>(
      adminLoginLoader,
      getRequest("/admin/login?redirectTo=%2Fadmin%2Fcategories", { cookie }),
    );
    expect(page.data.sessionEnded).toEqual([SESSION_ENDED, expect.stringMatching(/^Nothing was sent\./)]);
  });
});

describe("the kept drafts", () => {
  const shape = { fields: [["content", "Fresh jalebi"]] as [string, string][], droppedFiles: 2, intent: "publish" };

  it("are gone after an hour, and the hourly job deletes them", async () => {
    const owner = await createUser();
    const id = await keepDraft(owner.id, "/send-post", shape);
    await test.db
      .update(keptDrafts)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(keptDrafts.id, id));
    expect(await takeDraft(id, owner.id, "/send-post")).toBeNull();
    expect(await forgetExpiredDrafts()).toBeGreaterThanOrEqual(1);
    expect(await draftsOf(owner.id)).toEqual([]);
  });

  it("are one per account and screen: a newer form replaces the older", async () => {
    const owner = await createUser();
    const first = await keepDraft(owner.id, "/send-post", shape);
    const second = await keepDraft(owner.id, "/send-post", { fields: [["content", "Second try"]], droppedFiles: 0, intent: null });
    await keepDraft(owner.id, "/add-contact", shape);
    expect(await takeDraft(first, owner.id, "/send-post")).toBeNull();
    expect(await takeDraft(second, owner.id, "/send-post")).toEqual({
      path: "/send-post",
      fields: [["content", "Second try"]],
      droppedFiles: 0,
      intent: null,
      reason: "session",
    });
    expect(await draftsOf(owner.id)).toHaveLength(1);
  });

  it("hold no more than the bound, whatever the form sent", async () => {
    const { owner, cookie } = await endedBrowser();
    const big = "x".repeat(KEPT_DRAFT_LIMITS.bytes / 2);
    await call(addContactAction, formPost("/add-contact", { name: big, notes: big, mobileNumber: "98123 45678" }, { cookie }));
    const [draft] = await draftsOf(owner.id);
    expect(draft.fields.map(([name]) => name)).toEqual(["name", "mobileNumber"]);
    expect(JSON.stringify(draft.fields).length).toBeLessThanOrEqual(KEPT_DRAFT_LIMITS.bytes + 100);
  });
});
