import { describe, expect, it } from "vitest";

import { makeUser } from "~/db/seed/factories.server";
import { action as editProfileAction } from "~/routes/_account+/edit-profile";
import { action as importAction } from "~/routes/_app+/contacts_.import";
import { action as sendOffersAction } from "~/routes/_app+/send-offers";
import { action as sendPostAction } from "~/routes/_app+/send-post";
import { SEND_AS_MULTIPART } from "~/utils/multipart.server";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, formPost, type RouteHandler } from "../support/http";

setupTestDatabase();

describe("the pages whose forms carry files", () => {
  it.each<[string, RouteHandler]>([
    ["/send-post", sendPostAction],
    ["/send-offers", sendOffersAction],
    ["/edit-profile", editProfileAction],
    ["/contacts/import", importAction],
  ])("%s answers the form posted by hand (urlencoded) with 415 and what to do, not a 500", async (path, action) => {
    const owner = await makeUser();
    const reply = await call(action, formPost(path, { content: "Hello", name: "Asha" }, { cookie: await sessionCookieFor(owner.id) }));
    expect(reply).toMatchObject({ status: 415, data: SEND_AS_MULTIPART });
  });
});
