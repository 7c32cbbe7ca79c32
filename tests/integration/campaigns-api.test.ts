import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { contacts } from "~/db/schema";

import { makeCampaign, makeContact, makeUser } from "~/db/seed/factories.server";
import { defaultCampaignName } from "~/lib/schemas/campaign";
import { issueTokenPair } from "~/models/api-tokens.server";
import * as campaignsRoute from "~/routes/api+/campaigns";
import * as campaignRoute from "~/routes/api+/campaigns_.$id";
import * as cancelRoute from "~/routes/api+/campaigns_.$id_.cancel";
import * as pauseRoute from "~/routes/api+/campaigns_.$id_.pause";
import * as resumeRoute from "~/routes/api+/campaigns_.$id_.resume";
import * as sendRoute from "~/routes/api+/campaigns_.$id_.send";
import * as historyRoute from "~/routes/api+/sms-history";
import * as templatesRoute from "~/routes/api+/sms-templates";
import * as templateRoute from "~/routes/api+/sms-templates_.$id";
import { updateSmsRegistration } from "~/models/campaigns.server";
import { OWN_SMS_TEMPLATE_MESSAGES } from "~/lib/schemas/sms-templates";

import { sessionCookieFor } from "../support/accounts";
import {
  balanceAndLedger,
  businessWithContacts,
  makeSmsTemplate,
  recordingProvider,
  setupCampaignTests,
  SMS_PRICE,
} from "../support/campaigns";
import { SITE, call, freshIp } from "../support/http";
import { dispatchCampaign } from "~/models/sms-dispatch.server";
import { useSmsProvider } from "~/services/sms.server";

setupCampaignTests();

const routes: Array<[RegExp, { loader: unknown; action: unknown }]> = [
  [/^\/api\/sms-templates$/, templatesRoute],
  [/^\/api\/sms-templates\/(?<id>[^/]+)$/, templateRoute],
  [/^\/api\/sms-history$/, historyRoute],
  [/^\/api\/campaigns$/, campaignsRoute],
  [/^\/api\/campaigns\/(?<id>[^/]+)$/, campaignRoute],
  [/^\/api\/campaigns\/(?<id>[^/]+)\/send$/, sendRoute],
  [/^\/api\/campaigns\/(?<id>[^/]+)\/pause$/, pauseRoute],
  [/^\/api\/campaigns\/(?<id>[^/]+)\/resume$/, resumeRoute],
  [/^\/api\/campaigns\/(?<id>[^/]+)\/cancel$/, cancelRoute],
];

type Json = Record<string, unknown> & { message?: string };

/** An API client with a bearer token (or the browser's session cookie) calling the campaign endpoints as Remix would route them. */
async function apiClient(userId: string, { cookie = false } = {}) {
  const credentials: Record<string, string> = cookie
    ? { Cookie: await sessionCookieFor(userId), Origin: SITE }
    : { Authorization: `Bearer ${(await issueTokenPair(userId)).accessToken}` };
  return async <Data = Json>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const url = new URL(path, SITE);
    const [, module] = routes.find(([pattern]) => pattern.test(url.pathname)) ?? [];
    if (!module) throw new Error(`No route for ${path}`);
    const params = routes.find(([pattern]) => pattern.test(url.pathname))![0].exec(url.pathname)?.groups ?? {};
    const request = new Request(url, {
      method,
      headers: { ...credentials, "Content-Type": "application/json", "X-Forwarded-For": freshIp(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const handler = (method === "GET" ? module.loader : module.action) as Parameters<typeof call>[0];
    return call<Data>(handler, request, params);
  };
}

async function setUp(count = 3, balance = 1_000) {
  const template = await makeSmsTemplate();
  const { user, contacts } = await businessWithContacts(count, { balance });
  return { template, user, contacts, api: await apiClient(user.id) };
}

const body = (smsTemplateId: string, overrides: Record<string, unknown> = {}) => ({
  name: "Diwali",
  smsTemplateId,
  variables: [{ source: "contact_name" }, { source: "business_name" }, "20% off"],
  audience: { all: true },
  ...overrides,
});

describe("GET /api/sms-templates", () => {
  it("lists the platform's templates and the business's own with their slots", async () => {
    const { template, user, api } = await setUp(0);
    const own = await makeSmsTemplate({ userId: user.id, title: "Own one" });
    const others = await makeSmsTemplate({ userId: (await makeUser()).id });
    const reply = await api<Array<Record<string, unknown>>>("GET", "/api/sms-templates");
    expect(reply.status).toBe(200);
    expect(reply.data).toContainEqual({
      id: template.id,
      name: template.title,
      category: "promotional",
      text: template.content,
      slotHints: ["Customer name", "Business name", "Offer"],
      dltTemplateId: template.dltTemplateId,
      owner: "platform",
    });
    expect(reply.data.find((row) => row.id === own.id)).toMatchObject({ name: "Own one", owner: "business" });
    expect(reply.data.map((row) => row.id)).not.toContain(others.id);
  });

  it("needs a signed-in business", async () => {
    const reply = await call(templatesRoute.loader as Parameters<typeof call>[0], new Request(`${SITE}/api/sms-templates`));
    expect(reply.status).toBe(401);
  });
});

describe("the business's own SMS templates: POST /api/sms-templates, GET, PUT and DELETE /api/sms-templates/{id}", () => {
  const ownTemplate = (overrides: Record<string, unknown> = {}) => ({
    name: "Order ready",
    text: "Your order {#var#} is ready at {#var#}.",
    dltTemplateId: "1107 1700 0000 0000 777",
    category: "service",
    slotHints: ["Order number", "Shop"],
    ...overrides,
  });

  it("adds, reads, changes and deletes one; another business's is a 404 and stays", async () => {
    const { user, api } = await setUp(0);
    await updateSmsRegistration(user.id, { dltEntityId: "1101234567890123456", senderHeader: "RAOSWT" });
    const created = await api<Json>("POST", "/api/sms-templates", ownTemplate());
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      name: "Order ready",
      dltTemplateId: "1107170000000000777",
      providerTemplateId: null,
      owner: "business",
    });
    const id = created.data.id as string;
    expect((await api<Json>("GET", `/api/sms-templates/${id}`)).data).toMatchObject({ slotHints: ["Order number", "Shop"] });

    const stranger = await apiClient((await makeUser()).id);
    expect((await stranger("GET", `/api/sms-templates/${id}`)).status).toBe(404);
    expect((await stranger("PUT", `/api/sms-templates/${id}`, ownTemplate({ name: "Taken" }))).status).toBe(404);
    expect((await stranger("DELETE", `/api/sms-templates/${id}`)).status).toBe(404);

    const changed = await api<Json>(
      "PUT",
      `/api/sms-templates/${id}`,
      ownTemplate({ name: "Order is ready", providerTemplateId: "msg91-1" }),
    );
    expect(changed.data).toMatchObject({ name: "Order is ready", providerTemplateId: "msg91-1" });
    expect((await api("DELETE", `/api/sms-templates/${id}`)).data).toEqual({ success: true });
    expect((await api("GET", `/api/sms-templates/${id}`)).status).toBe(404);
  });

  it("refuses a bad template with the reason (400), and one without the business's own registration (409)", async () => {
    const { template, api } = await setUp(0);
    const badSlot = await api<Json>("POST", "/api/sms-templates", ownTemplate({ text: "Your order {#VAR#} is ready." }));
    expect(badSlot.status).toBe(400);
    expect(badSlot.data.message).toContain("is not a slot DLT accepts");
    const unregistered = await api<Json>("POST", "/api/sms-templates", ownTemplate());
    expect(unregistered).toMatchObject({ status: 409, data: { message: OWN_SMS_TEMPLATE_MESSAGES.needsRegistration } });
    // The platform's template is not the business's to change.
    expect((await api("PUT", `/api/sms-templates/${template.id}`, ownTemplate())).status).toBe(404);
  });
});

describe("POST /api/campaigns", () => {
  it("creates a draft with its estimate (201), once per Idempotency-Key", async () => {
    const { template, user, api } = await setUp(3);
    await makeContact({ userId: user.id, optedOut: true });
    const reply = await api("POST", "/api/campaigns", body(template.id), { "Idempotency-Key": "campaign-key-1" });
    expect(reply.status).toBe(201);
    expect(reply.data).toEqual({
      id: expect.any(String),
      status: "draft",
      estimate: {
        recipients: 3,
        skippedOptedOut: 1,
        skippedNotMobile: 0,
        encoding: "GSM-7",
        parts: 1,
        cost: 3 * SMS_PRICE,
        category: "promotional",
      },
    });
    const again = await api("POST", "/api/campaigns", body(template.id), { "Idempotency-Key": "campaign-key-1" });
    expect(again).toMatchObject({ status: 201, data: { id: reply.data.id } });
    const reused = await api("POST", "/api/campaigns", body(template.id, { name: "Other" }), { "Idempotency-Key": "campaign-key-1" });
    expect(reused).toMatchObject({ status: 422, data: { message: "This Idempotency-Key was used for a different campaign" } });
    const list = await api<{ campaigns: Json[]; total: number }>("GET", "/api/campaigns");
    expect(list.data.total).toBe(1);
  });

  it("names a campaign sent without a name after its template and the day in India", async () => {
    const { template, api } = await setUp(1);
    const { name: _left, ...unnamed } = body(template.id);
    const reply = await api<{ id: string }>("POST", "/api/campaigns", unnamed);
    expect(reply.status).toBe(201);
    const detail = await api<{ name: string }>("GET", `/api/campaigns/${reply.data.id}`);
    expect(detail.data.name).toBe(defaultCampaignName(template.title));
    expect(detail.data.name).toMatch(/ · \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });

  it("takes the 1,000 contacts the limit says may be picked by id, and refuses the 1,001st with what to do", async () => {
    const { template, user, api } = await setUp(0);
    await db().execute(sql`
      insert into contacts (user_id, name, mobile_number, can_get_sms)
      select ${user.id}::uuid, 'Guest ' || g, '+9196' || lpad(g::text, 8, '0'), true from generate_series(1, 1001) as g`);
    const ids = (await db().select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, user.id))).map((row) => row.id);
    const made = await api<{ estimate: { recipients: number } }>(
      "POST",
      "/api/campaigns",
      body(template.id, { audience: { contactIds: ids.slice(0, 1_000) } }),
    );
    expect(made).toMatchObject({ status: 201, data: { estimate: { recipients: 1_000 } } });
    const tooMany = await api("POST", "/api/campaigns", body(template.id, { audience: { contactIds: ids } }));
    expect(tooMany).toMatchObject({ status: 400, data: { message: "Pick at most 1,000 contacts; for more, use a group" } });
  });

  it("refuses bad input with a clear message and makes nothing", async () => {
    const { template, api } = await setUp(1);
    const other = await makeSmsTemplate({ userId: (await makeUser()).id });
    const cases: Array<[unknown, number, string]> = [
      [
        body(template.id, { variables: [{ source: "contact_name" }, { source: "business_name" }, "x".repeat(31)] }),
        400,
        "variables[2]: A slot holds at most 30 characters",
      ],
      [
        body(template.id, { variables: [{ source: "contact_name" }, { source: "business_name" }, "a\nb"] }),
        400,
        "variables[2]: A slot cannot hold a line break",
      ],
      // A NUL, a bell, a right-to-left override, a zero-width space: nothing an SMS should carry unseen.
      ...["20%\u0000 off", "20%\u0007 off", "20%\u202e off", "20%\u200b off"].map((value): [unknown, number, string] => [
        body(template.id, { variables: [{ source: "contact_name" }, { source: "business_name" }, value] }),
        400,
        "variables[2]: Remove the invisible characters from this slot",
      ]),
      // 60,000 characters are refused as they are read: no message is ever made from them.
      [
        body(template.id, { variables: [{ source: "contact_name" }, { source: "business_name" }, "x".repeat(60_000)] }),
        400,
        "variables[2]: A slot holds at most 30 characters",
      ],
      [body(template.id, { audience: { tags: ["Nobody"] } }), 400, "No contacts in this audience"],
      [body(template.id, { audience: { everyone: true } }), 400, "audience must be {all: true}, {tags: [...]} or {contactIds: [...]}"],
      [body(other.id), 404, "SMS template not found"],
      [body(randomUUID(), {}), 404, "SMS template not found"],
      [body(template.id, { sendAt: new Date(Date.now() - 3_600_000).toISOString() }), 400, "Choose a time in the future"],
      [body(template.id, { name: 5 }), 400, "name must be text"],
      [body(template.id, { smsTemplateId: null, message: "Hello there" }), 400, "Free text is not allowed: choose an SMS template"],
      [body(template.id, { audience: { contactIds: [(await makeContact()).id] } }), 404, "Some of the chosen contacts were not found"],
    ];
    for (const [request, status, message] of cases) {
      const reply = await api("POST", "/api/campaigns", request);
      expect({ status: reply.status, message: reply.data.message }).toEqual({ status, message });
    }
    const list = await api<{ total: number }>("GET", "/api/campaigns");
    expect(list.data.total).toBe(0);
  });
});

describe("sending and changing a campaign through the API", () => {
  it("sends (reserving the cost), shows counts, lists history, and refuses what does not apply with 409", async () => {
    const provider = recordingProvider();
    useSmsProvider(provider);
    const { template, user, api } = await setUp(2, 100);
    const created = await api("POST", "/api/campaigns", body(template.id));
    const id = created.data.id as string;
    const sent = await api("POST", `/api/campaigns/${id}/send`);
    expect(sent).toMatchObject({ status: 200, data: { id, status: "sending", cost: 2 * SMS_PRICE, recipients: 2 } });
    expect(await api("POST", `/api/campaigns/${id}/send`)).toMatchObject({
      status: 409,
      data: { message: "This campaign is already sending." },
    });
    expect(await api("POST", `/api/campaigns/${id}/resume`)).toMatchObject({
      status: 409,
      data: { message: "Only a paused campaign can be resumed; this one is sending." },
    });
    await dispatchCampaign(id);
    const detail = await api("GET", `/api/campaigns/${id}`);
    expect(detail).toMatchObject({
      status: 200,
      data: { id, status: "sent", counts: { total: 2, sent: 2, delivered: 0, failed: 0, skipped: 0 }, availableActions: [] },
    });
    const history = await api<{ messages: Json[]; hasNextPage: boolean }>("GET", `/api/sms-history?campaignId=${id}`);
    expect(history.status).toBe(200);
    expect(history.data.messages).toHaveLength(2);
    expect(history.data.messages[0]).toMatchObject({
      campaignId: id,
      campaignName: "Diwali",
      status: "submitted",
      parts: 1,
      cost: SMS_PRICE,
    });
    const failed = await api<{ messages: Json[] }>("GET", `/api/sms-history?status=failed`);
    expect(failed.data.messages).toEqual([]);
    expect(await api("POST", `/api/campaigns/${id}/cancel`)).toMatchObject({
      status: 409,
      data: { message: "This campaign is sent: it cannot be changed any more." },
    });
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100 - 2 * SMS_PRICE, ledger: 100 - 2 * SMS_PRICE });
  });

  it("answers a short balance with 402 {message, cost, balance, shortfall}", async () => {
    const { template, api } = await setUp(3, 4);
    const created = await api("POST", "/api/campaigns", body(template.id));
    const refused = await api("POST", `/api/campaigns/${created.data.id as string}/send`);
    expect(refused).toEqual(
      expect.objectContaining({
        status: 402,
        data: {
          message: "This campaign costs 6 credits and your balance is 4: add 2 credits to send it.",
          cost: 6,
          balance: 4,
          shortfall: 2,
        },
      }),
    );
  });

  it("pauses, resumes and cancels (refunding) with the session cookie too", async () => {
    const { template, user } = await setUp(2, 100);
    const api = await apiClient(user.id, { cookie: true });
    const created = await api("POST", "/api/campaigns", body(template.id));
    const id = created.data.id as string;
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(await api("POST", `/api/campaigns/${id}/send`, { sendAt: later })).toMatchObject({ status: 200, data: { status: "scheduled" } });
    expect(await api("POST", `/api/campaigns/${id}/pause`)).toMatchObject({ status: 200, data: { status: "paused" } });
    expect(await api("POST", `/api/campaigns/${id}/resume`)).toMatchObject({ status: 200, data: { status: "scheduled" } });
    expect(await api("POST", `/api/campaigns/${id}/cancel`)).toMatchObject({
      status: 200,
      data: { status: "cancelled", refunded: 2 * SMS_PRICE },
    });
    expect(await balanceAndLedger(user.id)).toEqual({ balance: 100, ledger: 100 });
  });

  it("refuses a schedule in the past and bad filters", async () => {
    const { template, api } = await setUp(1);
    const created = await api("POST", "/api/campaigns", body(template.id));
    const past = await api("POST", `/api/campaigns/${created.data.id as string}/send`, {
      sendAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past).toMatchObject({ status: 400, data: { message: "Choose a time in the future" } });
    expect(await api("GET", "/api/sms-history?status=lost")).toMatchObject({ status: 400 });
    expect(await api("GET", "/api/sms-history?campaignId=nope")).toMatchObject({ status: 400, data: { message: "Invalid campaign ID" } });
    for (const search of ["from=0001-01-01", "to=0001-01-01", "to=9999-12-31"]) {
      expect(await api("GET", `/api/sms-history?${search}`), search).toMatchObject({
        status: 400,
        data: { message: expect.stringMatching(/^(from|to) must be a date from 2000-01-01 to \d{4}-\d{2}-\d{2}$/) },
      });
    }
    expect(await api("GET", "/api/sms-history?from=2000-01-01")).toMatchObject({ status: 200 });
    expect(await api("GET", "/api/campaigns/nope")).toMatchObject({ status: 400, data: { message: "Invalid campaign ID" } });
  });

  it("answers 404 for another business's campaign everywhere, changing nothing", async () => {
    const owner = await makeUser();
    const campaign = await makeCampaign({ userId: owner.id });
    const { api } = await setUp(1);
    for (const [method, path] of [
      ["GET", `/api/campaigns/${campaign.id}`],
      ["POST", `/api/campaigns/${campaign.id}/send`],
      ["POST", `/api/campaigns/${campaign.id}/pause`],
      ["POST", `/api/campaigns/${campaign.id}/resume`],
      ["POST", `/api/campaigns/${campaign.id}/cancel`],
      ["GET", `/api/sms-history?campaignId=${campaign.id}`],
      ["GET", `/api/campaigns/${randomUUID()}`],
    ] as const) {
      const reply = await api(method, path);
      expect({ path, status: reply.status, message: reply.data.message }).toEqual({ path, status: 404, message: "Campaign not found" });
    }
    const ownerApi = await apiClient(owner.id);
    expect(await ownerApi("GET", `/api/campaigns/${campaign.id}`)).toMatchObject({ status: 200, data: { status: "draft" } });
  });
});
