import { describe, expect, it } from "vitest";

import { config } from "~/config.server";
import { caughtUp } from "~/db/change-feed.server";
import { cachedCategories } from "~/models/feed-cache.server";
import { loader } from "~/routes/admin+/memory";

import { adminCookie } from "../support/admin";
import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, getRequest } from "../support/http";

setupTestDatabase();

type Listed = { on: boolean; memories: Array<{ name: string; purpose: string; figures: Array<readonly [string, string]> }> };

const figure = (memory: Listed["memories"][number], label: string) => memory.figures.find(([name]) => name === label)?.[1];

describe("the admin's Memory screen", () => {
  it("lists each memory of this process with what it keeps and how often it answered", async () => {
    const cookie = await adminCookie();
    // The admin's account just made tells the change feed `feed`: on PostgreSQL that notice comes a
    // moment later, and would forget the menu kept below; it is heard first.
    expect(await caughtUp()).toBe(true);
    await cachedCategories();
    await cachedCategories();
    const reply = await call<Listed>(loader, getRequest("/admin/memory", { cookie }));
    expect(reply.status).toBe(200);
    expect(reply.data.on).toBe(true);
    const menu = reply.data.memories.find((memory) => memory.name === "feed-categories")!;
    expect(menu.purpose).toBe("the feed's category menu");
    expect(figure(menu, "Kept now")).toBe("1 of at most 1");
    expect(figure(menu, "An entry is used for")).toBe("10 s");
    expect(figure(menu, "Answered from memory")).toMatch(/^\d+(\.\d)?%$/);
    // Every memory the feed's module defines is there, by name.
    expect(reply.data.memories.map((memory) => memory.name)).toEqual(expect.arrayContaining(["feed-pages", "feed-categories"]));
  });

  it("says when MEMORY=off keeps nothing", async () => {
    (config as { MEMORY: string }).MEMORY = "off";
    try {
      const reply = await call<Listed>(loader, getRequest("/admin/memory", { cookie: await adminCookie() }));
      expect(reply.data.on).toBe(false);
    } finally {
      (config as { MEMORY: string }).MEMORY = "on";
    }
  });

  it("is the admin's alone: a business or nobody is sent to the admin's sign-in", async () => {
    const business = await createUser();
    for (const options of [{ cookie: await sessionCookieFor(business.id) }, {}]) {
      const reply = await call(loader, getRequest("/admin/memory", options));
      expect(reply.status).toBe(302);
      expect(reply.location).toBe("/admin/login?redirectTo=%2Fadmin%2Fmemory");
    }
  });
});
