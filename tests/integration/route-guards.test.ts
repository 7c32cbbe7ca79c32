import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import type { DatabaseHandle } from "~/db/client.server";

import { createUser, designatedAdmin, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, formPost, getRequest, type Reply, type RouteHandler } from "../support/http";
import { fillUrl, loadRouteModule, readRouteTree, type TreeRoute } from "../support/route-tree";

/**
 * Every guarded route, taken from the route tree Remix builds (tests/support/route-tree.ts), called
 * directly as Remix calls it by someone it must refuse: a new screen is covered the day its file
 * exists. Each loader and action guards itself (a layout's loader runs beside its children's, not
 * before them), so each is called on its own.
 */
const test = setupTestDatabase();

const tree = await readRouteTree();

/** The /admin URLs anyone may open: signing in, creating the one admin account, signing out. */
const PUBLIC_ADMIN_URLS = new Set(["/admin/login", "/admin/create-user", "/admin/logout"]);

function isUnder(route: TreeRoute, folders: string[]): boolean {
  return folders.some((folder) => route.file.startsWith(`routes/${folder}/`));
}

function urlOf(route: TreeRoute): string {
  // A pathless layout's loader runs for every URL below it.
  return route.url ?? "/";
}

/** Every route at an /admin URL (wherever its file sits) or in admin+/, but the public ones. */
const adminRoutes = tree.filter(
  (route) => (isUnder(route, ["admin+"]) || /^\/admin(\/|$)/i.test(route.url ?? "")) && !PUBLIC_ADMIN_URLS.has(route.url ?? ""),
);
/** The business's own screens: the app container's and the stand-alone signed-in ones. */
const signedInRoutes = tree.filter((route) => isUnder(route, ["_app+", "_account+"]));

type Case = { name: string; route: TreeRoute; method: "loader" | "action"; handler: RouteHandler };

async function casesFor(routes: TreeRoute[]): Promise<Case[]> {
  const cases: Case[] = [];
  for (const route of routes) {
    const module = await loadRouteModule(route);
    for (const method of ["loader", "action"] as const) {
      const handler = module[method] as RouteHandler | undefined;
      if (handler) cases.push({ name: `${method} of ${route.id} (${urlOf(route)})`, route, method, handler });
    }
  }
  return cases;
}

const adminCases = await casesFor(adminRoutes);
const signedInCases = await casesFor(signedInRoutes);

/** The route called as Remix would, with a fresh random id for every `:param` and `*`, by a visitor with this cookie (or none). */
function callAs(subject: Case, cookie: string | undefined): Promise<Reply> {
  const { pathname, params } = fillUrl(urlOf(subject.route), randomUUID());
  const request = subject.method === "loader" ? getRequest(pathname, { cookie }) : formPost(pathname, { intent: "save" }, { cookie });
  return call(subject.handler, request, params);
}

/**
 * Every row of every table, as one string per table: what a refused call must leave as it was.
 * Sessions are counted only (a signed-in request slides its own session's expiry by design).
 */
async function databaseState(handle: DatabaseHandle): Promise<Record<string, string>> {
  const { rows } = await handle.executeSql(
    "select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and (table_schema = 'public' or (table_schema = 'pgboss' and table_name = 'job'))",
  );
  const state: Record<string, string> = {};
  for (const { table_schema: schema, table_name: table } of rows as { table_schema: string; table_name: string }[]) {
    const name = `"${schema}"."${table}"`;
    const digest = table === "sessions" && schema === "public" ? "''" : "coalesce(md5(string_agg(t::text, '|' order by t::text)), '')";
    const [row] = (await handle.executeSql(`select count(*)::int as count, ${digest} as digest from ${name} t`)).rows as {
      count: number;
      digest: string;
    }[];
    state[name] = `${row.count} ${row.digest}`;
  }
  return state;
}

/** What the refusal was, or why the answer is not one. */
function summary(reply: Reply): string {
  return `${reply.status}${reply.location ? ` → ${reply.location}` : ""}`;
}

function redirectsTo(reply: Reply, pathname: string): boolean {
  return (
    reply.status >= 300 &&
    reply.status < 400 &&
    reply.location !== null &&
    new URL(reply.location, "http://localhost").pathname === pathname
  );
}

/** Calls the route as this visitor and expects a refusal that left every table as it was. */
async function expectRefused(subject: Case, cookie: string | undefined, refused: (reply: Reply) => boolean) {
  const before = await databaseState(test.handle);
  const reply = await callAs(subject, cookie);
  expect(refused(reply), `${subject.name} answered ${summary(reply)}: ${JSON.stringify(reply.data)?.slice(0, 200)}`).toBe(true);
  expect(await databaseState(test.handle), `${subject.name} changed the database`).toEqual(before);
}

/** requireAdmin's refusal: off to /admin/login; a 403 would do too. A 404 would not: the random id is unknown with or without a guard. */
const adminRefusal = (reply: Reply) => redirectsTo(reply, "/admin/login") || reply.status === 403;
/** requireUser's refusal: off to /login (to come back after), or a 401. */
const signInRefusal = (reply: Reply) => redirectsTo(reply, "/login") || reply.status === 401;

let businessCookie: string;
let adminCookie: string;

beforeAll(async () => {
  businessCookie = await sessionCookieFor((await createUser()).id);
  adminCookie = await sessionCookieFor((await designatedAdmin()).id);
});

describe("the guarded routes, read from the route tree", () => {
  it("are found", () => {
    expect(adminCases.map((subject) => subject.route.id)).toEqual(
      expect.arrayContaining(["routes/admin+/_layout", "routes/admin+/_index"]),
    );
    expect(signedInCases.length).toBeGreaterThan(40);
    expect(signedInCases.map((subject) => subject.route.id)).toEqual(
      expect.arrayContaining(["routes/_app+/_layout", "routes/_account+/_layout"]),
    );
  });
});

for (const subject of adminCases) {
  describe(subject.name, () => {
    it("refuses an anonymous visitor: off to /admin/login, nothing changed", async () => {
      await expectRefused(subject, undefined, adminRefusal);
    });

    it("refuses a signed-in business: off to /admin/login, nothing changed", async () => {
      await expectRefused(subject, businessCookie, adminRefusal);
    });

    if (subject.method === "loader") {
      it("lets the admin past the guard (the URL reaches the route)", async () => {
        expect(adminRefusal(await callAs(subject, adminCookie))).toBe(false);
      });
    }
  });
}

for (const subject of signedInCases) {
  describe(subject.name, () => {
    it("refuses an anonymous visitor: off to /login, nothing changed", async () => {
      await expectRefused(subject, undefined, signInRefusal);
    });

    if (subject.method === "loader") {
      it("lets a signed-in business past the guard (the URL reaches the route)", async () => {
        expect(signInRefusal(await callAs(subject, businessCookie))).toBe(false);
      });
    }
  });
}
