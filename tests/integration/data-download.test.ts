import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { makePost } from "~/db/seed/factories.server";
import { loader as dataLoader } from "~/routes/_account+/settings_.data[.]json";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, call, toastOf } from "../support/http";

const test = setupTestDatabase();

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

/** The download's body as the client receives it: each piece the server sent, as text. */
async function pieces(response: Response): Promise<string[]> {
  const decoder = new TextDecoder();
  const received: string[] = [];
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) received.push(decoder.decode(chunk, { stream: true }));
  return received;
}

const contactsIn = (text: string) => text.match(/"mobileNumber":/g)?.length ?? 0;

describe("/settings/data.json at scale", () => {
  it("streams a page at a time: 2,500 contacts arrive in pieces of at most 500, every one once, as valid JSON", async () => {
    const owner = await createUser({ businessName: "Big List Stores" });
    // One statement: every contact has the same created_at, so the pages are told apart by id alone.
    await test.db.execute(sql`
      insert into contacts (user_id, name, mobile_number, can_get_sms)
      select ${owner.id}, 'Customer ' || n, '+9198' || lpad(n::text, 8, '0'), true from generate_series(1, 2500) as n`);
    await makePost({ userId: owner.id, content: "our only post" });

    const response = (await dataLoader({
      request: (await signedIn(owner.id)).request("/settings/data.json"),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="isent-data-.*\.json"$/);
    const received = await pieces(response);
    expect(Math.max(...received.map(contactsIn))).toBeLessThanOrEqual(500);

    const exported = JSON.parse(received.join("")) as {
      profile: { businessName: string };
      contacts: Array<{ id: string }>;
      posts: unknown[];
    };
    expect(exported.profile.businessName).toBe("Big List Stores");
    expect(exported.contacts).toHaveLength(2500);
    expect(new Set(exported.contacts.map((contact) => contact.id)).size).toBe(2500);
    // Each contact with its fields as the app names them, times as JavaScript writes them.
    expect(exported.contacts[0]).toMatchObject({
      userId: owner.id,
      mobileNumber: expect.stringMatching(/^\+9198\d{8}$/),
      tags: [],
      optedOut: false,
      notes: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(exported.posts).toHaveLength(1);
  });

  it("allows three downloads an hour: then a browser is sent back to /settings with a toast telling the wait, a script gets 429", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    for (let download = 0; download < 3; download++) expect((await browser.visit(dataLoader, "/settings/data.json")).status).toBe(200);

    const fromTheSettingsLink = await browser.visit(dataLoader, "/settings/data.json", { headers: { Accept: "text/html,*/*;q=0.8" } });
    expect(fromTheSettingsLink).toMatchObject({ status: 302, location: "/settings" });
    expect(await toastOf(fromTheSettingsLink)).toMatchObject({
      type: "error",
      title: "Download not started",
      description: expect.stringMatching(/^You can download your data 3 times an hour\. Please wait \d+ minutes? and try again\.$/),
    });

    const script = await call<{ message: string }>(
      dataLoader,
      browser.request("/settings/data.json", { headers: { Accept: "application/json" } }),
    );
    expect(script.status).toBe(429);
    expect(Number(script.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(script.data.message).toMatch(/^You can download your data 3 times an hour\./);

    // Another account has its own three.
    const other = await signedIn((await createUser()).id);
    expect((await other.visit(dataLoader, "/settings/data.json")).status).toBe(200);
  });
});
