import { eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";

import { campaigns, contacts, smsMessages, users } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { toIndianDateTime } from "~/lib/india-days";
import { CAMPAIGN_NOT_FOUND } from "~/lib/schemas/campaign-lists";
import { FILLS_FOR, defaultCampaignName } from "~/lib/schemas/campaign";
import { SCHEDULE_NEEDS_TIME, TEMPLATE_CHANGED } from "~/routes/_app+/__campaign-composer.server";
import { action as campaignAction, loader as campaignLoader } from "~/routes/_app+/campaigns_.$id";
import { action as listAction, loader as listLoader } from "~/routes/_app+/campaigns";
import { action as composerAction, loader as composerLoader } from "~/routes/_app+/campaigns_.new";
import { action as estimateAction } from "~/routes/_app+/campaigns_.new_.estimate";
import { loader as historyLoader } from "~/routes/_app+/sms-history";

import { sessionCookieFor } from "../support/accounts";
import {
  SMS_PRICE,
  allowFreeText,
  businessWithContacts,
  makeSmsTemplate,
  setSendingWindow,
  useSmsPricing,
  withoutWorkers,
  writeAllMessages,
} from "../support/campaigns";
import { setupTestDatabase } from "../support/database";
import { call, formErrors, formPost, getRequest, toastOf } from "../support/http";

const test = setupTestDatabase();
useSmsPricing();
withoutWorkers();

const balanceOf = async (userId: string) =>
  (await test.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
const campaignsOf = (userId: string) => test.db.select().from(campaigns).where(eq(campaigns.userId, userId));

/** The composer's fields for a campaign from `templateId` to the group 'Regulars', its third slot fixed. */
function composerFields(templateId: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    idempotencyKey: crypto.randomUUID(),
    name: "Diwali offer",
    templateId,
    "fills[0].source": "contact_name",
    "fills[0].value": "",
    "fills[1].source": "business_name",
    "fills[1].value": "",
    "fills[2].source": "fixed",
    "fills[2].value": "20% off",
    audienceMode: "tags",
    tags: "Regulars",
    ...extra,
  };
}

async function owner(contacts: number, balance = 1_000) {
  const { user } = await businessWithContacts(contacts, { balance });
  await makeContact({ userId: user.id, name: "Stopped", tags: ["Regulars"], optedOut: true });
  const template = await makeSmsTemplate({ smsCategory: "service" });
  return { user, template, cookie: await sessionCookieFor(user.id) };
}

describe("/campaigns/new", () => {
  it("offers the platform's templates with their slots' first choices, and picks the contact a link names", async () => {
    const { user, template, cookie } = await owner(2);
    const picked = await makeContact({ userId: user.id, name: "Asha Rao" });
    const reply = await call<{
      templates: Array<{ id: string }>;
      price: number;
      initial: { audienceMode: string; contactIds: string[] };
      sampleName: string;
    }>(composerLoader, getRequest(`/campaigns/new?contactId=${picked.id}`, { cookie }));
    expect(reply.data.templates.map((candidate) => candidate.id)).toContain(template.id);
    expect(reply.data.price).toBe(SMS_PRICE);
    expect(reply.data.initial).toMatchObject({ audienceMode: "contacts", contactIds: [picked.id] });
    expect(reply.data.sampleName).toBe("Asha Rao");
    // Another business's contact is not found.
    const other = await businessWithContacts(1);
    const theirs = await call(composerLoader, getRequest(`/campaigns/new?contactId=${other.contacts[0].id}`, { cookie }));
    expect(theirs.status).toBe(404);
  });

  it("'Check' and the live count give the numbers and write nothing; opted-out contacts are counted apart", async () => {
    const { user, template, cookie } = await owner(3);
    const checked = await call<{ estimate: { recipients: number; skippedOptedOut: number; parts: number; cost: number } }>(
      composerAction,
      formPost("/campaigns/new", { ...composerFields(template.id), intent: "check" }, { cookie }),
    );
    expect(checked.status).toBe(200);
    expect(checked.data.estimate).toMatchObject({ recipients: 3, skippedOptedOut: 1, parts: 1, cost: 3 * SMS_PRICE });
    // The live count asks before the campaign has a name: the numbers come all the same, and no message about the name.
    const live = await call<{ estimate: { recipients: number }; readOnly: boolean }>(
      estimateAction,
      formPost("/campaigns/new/estimate", { ...composerFields(template.id), name: "" }, { cookie }),
    );
    expect(live.data.estimate.recipients).toBe(3);
    // It only read: with JavaScript, the page's other data is not asked for again.
    expect(live.data.readOnly).toBe(true);
    expect(formErrors(live)?.name).toBeUndefined();
    expect(await campaignsOf(user.id)).toEqual([]);
  });

  it("starts another template's slots from their own first choices, not the old template's by position", async () => {
    const { user, template, cookie } = await owner(2);
    const thanks = await makeSmsTemplate({
      content: "Thank you for visiting {#var#}, {#var#}!",
      slotHints: ["Business name", "Customer name"],
    });
    // The form as drawn for `template` (customer, business, fixed), sent with `thanks` chosen instead.
    const changed = { ...composerFields(thanks.id), [FILLS_FOR]: template.id };
    const checked = await call<{ result: { initialValue: Record<string, unknown> } }>(
      composerAction,
      formPost("/campaigns/new", { ...changed, intent: "check" }, { cookie }),
    );
    expect((checked.data.result.initialValue.fills as Array<{ source: string }>).map((fill) => fill.source)).toEqual([
      "business_name",
      "contact_name",
    ]);
    // Sent without a look at the new slots: refused, saying so, nothing written.
    const sent = await call(composerAction, formPost("/campaigns/new", { ...changed, intent: "send" }, { cookie }));
    expect(sent.status).toBe(400);
    expect(formErrors(sent)?.templateId).toEqual([TEMPLATE_CHANGED]);
    expect(await campaignsOf(user.id)).toEqual([]);
  });

  it("offers free text only where the admin allows it, counted the same way", async () => {
    const { cookie } = await owner(2);
    const loaded = async () => (await call<{ freeTextAllowed: boolean }>(composerLoader, getRequest("/campaigns/new", { cookie }))).data;
    expect((await loaded()).freeTextAllowed).toBe(false);
    const freeText = { ...composerFields(""), message: "नमस्ते! Fresh jalebi today.", intent: "check" };
    const refused = await call(composerAction, formPost("/campaigns/new", freeText, { cookie }));
    expect(JSON.stringify(formErrors(refused))).toContain("Free text is not allowed");
    await allowFreeText(true);
    try {
      expect((await loaded()).freeTextAllowed).toBe(true);
      const checked = await call<{ estimate: { encoding: string; recipients: number } }>(
        composerAction,
        formPost("/campaigns/new", freeText, { cookie }),
      );
      expect(checked.data.estimate).toMatchObject({ encoding: "UCS-2", recipients: 2 });
    } finally {
      await allowFreeText(false);
    }
  });

  it("refuses a send the balance does not cover with the shortfall, writing nothing", async () => {
    const { user, template, cookie } = await owner(3, 5);
    const reply = await call<{ shortfall: { cost: number; balance: number; shortfall: number } }>(
      composerAction,
      formPost("/campaigns/new", { ...composerFields(template.id), intent: "send" }, { cookie }),
    );
    expect(reply.status).toBe(402);
    expect(reply.data.shortfall).toEqual({ cost: 6, balance: 5, shortfall: 1 });
    expect(formErrors(reply)?.[""]?.[0]).toContain("add 1 credit to send it");
    expect(await campaignsOf(user.id)).toEqual([]);
    expect(await balanceOf(user.id)).toBe(5);
  });

  it("asks for a time to schedule, and refuses a bad slot naming it, writing nothing", async () => {
    const { user, template, cookie } = await owner(1);
    const noTime = await call(
      composerAction,
      formPost("/campaigns/new", { ...composerFields(template.id), intent: "schedule" }, { cookie }),
    );
    expect(noTime.status).toBe(400);
    expect(formErrors(noTime)?.sendAt).toEqual([SCHEDULE_NEEDS_TIME]);
    const tooLong = await call(
      composerAction,
      formPost("/campaigns/new", { ...composerFields(template.id, { "fills[2].value": "x".repeat(31) }), intent: "send" }, { cookie }),
    );
    expect(tooLong.status).toBe(400);
    // Under the slot's own field (labelled with its hint), as the form's own check in the browser says it.
    expect(formErrors(tooLong)?.["fills[2].value"]).toEqual(["A slot holds at most 30 characters"]);
    expect(await campaignsOf(user.id)).toEqual([]);
  });

  it("sends: the campaign's page with 'Campaign started', charged once; the same form again lands on it without a second campaign", async () => {
    const { user, template, cookie } = await owner(3);
    const fields = { ...composerFields(template.id), intent: "send" };
    const sent = await call(composerAction, formPost("/campaigns/new", fields, { cookie }));
    expect(sent.status).toBe(302);
    const [made] = await campaignsOf(user.id);
    expect(sent.location).toBe(`/campaigns/${made.id}`);
    expect((await toastOf(sent))?.title).toBe("Campaign started");
    expect(made.status).toBe("sending");
    expect(await balanceOf(user.id)).toBe(1_000 - 3 * SMS_PRICE);

    const again = await call(composerAction, formPost("/campaigns/new", fields, { cookie }));
    expect(again.location).toBe(`/campaigns/${made.id}`);
    expect(await campaignsOf(user.id)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(1_000 - 3 * SMS_PRICE);
  });

  it("a double-tapped Send (no JavaScript) shows the campaign that was sent, even when the balance now cannot pay for another", async () => {
    // 3 contacts at 2 credits: 6 of the 10 credits; a second campaign would not be paid for.
    const { user, template, cookie } = await owner(3, 10);
    const fields = { ...composerFields(template.id), intent: "send" };
    const both = await Promise.all([
      call(composerAction, formPost("/campaigns/new", fields, { cookie })),
      call(composerAction, formPost("/campaigns/new", fields, { cookie })),
    ]);
    const [made] = await campaignsOf(user.id);
    expect(both.map((reply) => [reply.status, reply.location])).toEqual([
      [302, `/campaigns/${made.id}`],
      [302, `/campaigns/${made.id}`],
    ]);
    expect((await Promise.all(both.map(toastOf))).map((toast) => toast?.title).sort()).toEqual([
      "Campaign started",
      "This campaign was already sent",
    ]);
    // And once more after it went: the balance (4) is short of another 6, but this form's campaign was sent.
    const again = await call(composerAction, formPost("/campaigns/new", fields, { cookie }));
    expect([again.status, again.location, (await toastOf(again))?.title]).toEqual([
      302,
      `/campaigns/${made.id}`,
      "This campaign was already sent",
    ]);
    expect(await campaignsOf(user.id)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(10 - 3 * SMS_PRICE);
  });

  it("counts a form of 1,000 picked contacts, and refuses counting past 120 a minute with when to try again", async () => {
    const { user, template, cookie } = await owner(0);
    await test.db.execute(sql`
      insert into contacts (user_id, name, mobile_number, can_get_sms)
      select ${user.id}::uuid, 'Guest ' || g, '+9197' || lpad(g::text, 8, '0'), true from generate_series(1, 1000) as g`);
    const guests = await test.db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(eq(contacts.userId, user.id));
    const ids = guests.filter((guest) => guest.name.startsWith("Guest")).map((guest) => guest.id);
    const picked = { ...composerFields(template.id), audienceMode: "contacts", tags: [], contactIds: ids };
    const live = await call<{ estimate: { recipients: number } }>(estimateAction, formPost("/campaigns/new/estimate", picked, { cookie }));
    expect(live.data.estimate.recipients).toBe(1_000);
    // 120 a minute (a sliding window: a minute's turn in the middle may let a few more through).
    let asked = 1;
    let refused = live;
    while (refused.status === 200 && asked < 130) {
      refused = await call(estimateAction, formPost("/campaigns/new/estimate", picked, { cookie }));
      asked += 1;
    }
    expect(refused.status).toBe(429);
    expect(asked).toBeGreaterThan(120);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(formErrors(refused)?.[""]?.[0]).toMatch(/^Too many attempts\. Please wait/);
  });

  it("says beside 'Send now', for the moment the page is made, when a promotional campaign sent now will really start", async () => {
    const { cookie } = await owner(1);
    await setSendingWindow({ startHour: 10, endHour: 21 });
    vi.useFakeTimers({ toFake: ["Date"] });
    // This file's other tests keep the real clock and a window open all day.
    onTestFinished(async () => {
      vi.useRealTimers();
      await setSendingWindow({ startHour: 0, endHour: 24 });
    });
    const noticeAt = async (moment: string) => {
      vi.setSystemTime(new Date(moment));
      return (await call<{ sendNowNotice: string | null }>(composerLoader, getRequest("/campaigns/new", { cookie }))).data.sendNowNotice;
    };
    expect(await noticeAt("2026-12-01T16:30:00Z")).toBe("This will start at 10:00 tomorrow"); // 22:00 in India
    expect(await noticeAt("2026-12-01T02:00:00Z")).toBe("This will start at 10:00 today"); // 07:30 in India
    expect(await noticeAt("2026-12-01T09:30:00Z")).toBeNull(); // 15:00 in India

    // A promotional draft's own page says it beside its 'Send now' too.
    vi.setSystemTime(new Date("2026-12-01T16:30:00Z"));
    const { user, cookie: draftCookie } = await owner(1);
    const promotional = await makeSmsTemplate();
    const saved = await call(
      composerAction,
      formPost("/campaigns/new", { ...composerFields(promotional.id), intent: "save" }, { cookie: draftCookie }),
    );
    expect(saved.status).toBe(302);
    const [draft] = await campaignsOf(user.id);
    const page = await call<{ sendNowNotice: string | null }>(
      campaignLoader,
      getRequest(`/campaigns/${draft.id}`, { cookie: draftCookie }),
      {
        id: draft.id,
      },
    );
    expect(page.data.sendNowNotice).toBe("This will start at 10:00 tomorrow");
  });

  it("names a campaign sent without a name after its template and the day in India", async () => {
    const { user, template, cookie } = await owner(1);
    const sent = await call(
      composerAction,
      formPost("/campaigns/new", { ...composerFields(template.id), name: "", intent: "send" }, { cookie }),
    );
    expect((await toastOf(sent))?.title).toBe("Campaign started");
    const [campaign] = await campaignsOf(user.id);
    expect(campaign.name).toBe(defaultCampaignName(template.title));
  });

  it("schedules at a time in India and saves drafts", async () => {
    const { user, template, cookie } = await owner(1);
    const tomorrow = toIndianDateTime(new Date(Date.now() + 86_400_000));
    const scheduled = await call(
      composerAction,
      formPost("/campaigns/new", { ...composerFields(template.id, { sendAt: tomorrow }), intent: "schedule" }, { cookie }),
    );
    expect((await toastOf(scheduled))?.title).toBe("Campaign scheduled");
    const draft = await call(composerAction, formPost("/campaigns/new", { ...composerFields(template.id), intent: "save" }, { cookie }));
    expect((await toastOf(draft))?.title).toBe("Draft saved");
    expect((await campaignsOf(user.id)).map((campaign) => campaign.status).sort()).toEqual(["draft", "scheduled"]);
  });
});

describe("/campaigns and /campaigns/{id}", () => {
  async function scheduledCampaign() {
    const business = await owner(2);
    const tomorrow = toIndianDateTime(new Date(Date.now() + 86_400_000));
    await call(
      composerAction,
      formPost(
        "/campaigns/new",
        { ...composerFields(business.template.id, { sendAt: tomorrow }), intent: "schedule" },
        { cookie: business.cookie },
      ),
    );
    const [campaign] = await campaignsOf(business.user.id);
    return { ...business, campaign };
  }

  it("asks once before cancelling, saying what comes back, and says it again once done", async () => {
    const { user, campaign, cookie } = await scheduledCampaign();
    const { cost } = (await campaignsOf(user.id))[0];
    expect(cost).toBe(2 * SMS_PRICE);
    type Asked = { confirmCancel: { id: string; refund: number; status: string } | null };
    const onList = await call<Asked>(listLoader, getRequest(`/campaigns?cancel=${campaign.id}`, { cookie }));
    expect(onList.data.confirmCancel).toEqual({ id: campaign.id, name: "Diwali offer", status: "scheduled", refund: cost });
    const onPage = await call<Asked>(campaignLoader, getRequest(`/campaigns/${campaign.id}?cancel=${campaign.id}`, { cookie }), {
      id: campaign.id,
    });
    expect(onPage.data.confirmCancel).toMatchObject({ id: campaign.id, refund: cost });
    // Another business's campaign, or a malformed id, asks nothing.
    const stranger = await owner(1);
    const theirs = await call<Asked>(listLoader, getRequest(`/campaigns?cancel=${campaign.id}`, { cookie: stranger.cookie }));
    expect(theirs.data.confirmCancel).toBeNull();
    expect((await call<Asked>(listLoader, getRequest("/campaigns?cancel=nope", { cookie }))).data.confirmCancel).toBeNull();
    // Asking changed nothing.
    expect(await balanceOf(user.id)).toBe(1_000 - cost);

    const cancelled = await call(listAction, formPost("/campaigns", { intent: "cancel", campaignId: campaign.id }, { cookie }));
    expect(await toastOf(cancelled)).toMatchObject({
      title: "Campaign cancelled",
      description: `${cost} ${cost === 1 ? "credit" : "credits"} went back to your balance.`,
    });
    expect(await balanceOf(user.id)).toBe(1_000);
    // Cancelled, it is asked about no more.
    expect((await call<Asked>(listLoader, getRequest(`/campaigns?cancel=${campaign.id}`, { cookie }))).data.confirmCancel).toBeNull();
  });

  it("pauses, resumes and cancels from the list, back to its page; a change that does not apply is 409 with the table's words", async () => {
    const { user, campaign, cookie } = await scheduledCampaign();
    const change = (intent: string) => call(listAction, formPost("/campaigns?page=1", { intent, campaignId: campaign.id }, { cookie }));
    const paused = await change("pause");
    expect(paused.location).toBe("/campaigns");
    expect((await toastOf(paused))?.title).toBe("Campaign paused");
    expect((await toastOf(await change("resume")))?.title).toBe("Campaign resumed");
    expect((await toastOf(await change("cancel")))?.title).toBe("Campaign cancelled");
    const again = await call<{ toast: { title: string } }>(
      listAction,
      formPost("/campaigns", { intent: "resume", campaignId: campaign.id }, { cookie }),
    );
    expect(again.status).toBe(409);
    expect(again.data.toast.title).toBe("This campaign is cancelled: it cannot be changed any more.");
    // Cancelled before it started: every credit reserved came back.
    expect(await balanceOf(user.id)).toBe(1_000);
    const list = await call<{ campaigns: Array<{ id: string; status: string; actions: string[] }> }>(
      listLoader,
      getRequest("/campaigns", { cookie }),
    );
    expect(list.data.campaigns).toEqual([expect.objectContaining({ id: campaign.id, status: "cancelled", actions: [] })]);
  });

  it("shows a campaign to its business only: another's id is 404 on the page and for its forms", async () => {
    const { campaign, cookie } = await scheduledCampaign();
    const own = await call<{ campaign: { status: string; audienceText: string }; live: boolean }>(
      campaignLoader,
      getRequest(`/campaigns/${campaign.id}`, { cookie }),
      { id: campaign.id },
    );
    expect(own.data.campaign).toMatchObject({ status: "scheduled", audienceText: "Group: Regulars" });
    expect(own.data.live).toBe(true);

    const stranger = await sessionCookieFor((await businessWithContacts(0)).user.id);
    const page = await call(campaignLoader, getRequest(`/campaigns/${campaign.id}`, { cookie: stranger }), { id: campaign.id });
    expect(page.status).toBe(404);
    expect(page.data).toBe(CAMPAIGN_NOT_FOUND);
    const cancel = await call(
      campaignAction,
      formPost(`/campaigns/${campaign.id}`, { intent: "cancel", campaignId: campaign.id }, { cookie: stranger }),
      {
        id: campaign.id,
      },
    );
    expect(cancel.status).toBe(404);
    const malformed = await call(campaignLoader, getRequest("/campaigns/not-an-id", { cookie }), { id: "not-an-id" });
    expect(malformed.status).toBe(404);
  });
});

describe("/sms-history", () => {
  it("lists the business's messages with their campaign, filtered by status; a bad filter is said; another's campaign is 404", async () => {
    const { user, template, cookie } = await owner(3);
    await call(composerAction, formPost("/campaigns/new", { ...composerFields(template.id), intent: "send" }, { cookie }));
    const [campaign] = await campaignsOf(user.id);
    await writeAllMessages(campaign.id);
    const [first] = await test.db.select().from(smsMessages).where(eq(smsMessages.campaignId, campaign.id));
    await test.db.update(smsMessages).set({ status: "failed", failureReason: "DND registered" }).where(eq(smsMessages.id, first.id));

    type History = {
      messages: Array<{ status: string; campaignName: string; to: string; failureReason: string | null }>;
      campaigns: Array<{ id: string }>;
    };
    const all = await call<History>(historyLoader, getRequest("/sms-history", { cookie }));
    expect(all.data.messages).toHaveLength(3);
    expect(all.data.messages[0]).toMatchObject({ campaignName: "Diwali offer" });
    expect(all.data.messages[0].to).toMatch(/^\+91 \d{5} \d{5}$/);
    expect(all.data.campaigns.map((row) => row.id)).toEqual([campaign.id]);
    const failed = await call<History>(historyLoader, getRequest(`/sms-history?status=failed&campaignId=${campaign.id}`, { cookie }));
    expect(failed.data.messages).toEqual([expect.objectContaining({ status: "failed", failureReason: "DND registered" })]);
    const bad = await call<History & { badFilter: string }>(historyLoader, getRequest("/sms-history?status=nonsense", { cookie }));
    expect(bad.data.badFilter).toMatch(/^status must be one of queued, submitted/);
    expect(bad.data.messages).toHaveLength(3);

    const stranger = await sessionCookieFor((await businessWithContacts(0)).user.id);
    const theirs = await call(historyLoader, getRequest(`/sms-history?campaignId=${campaign.id}`, { cookie: stranger }));
    expect(theirs.status).toBe(404);
  });

  it("a date outside 2000-01-01 to a year ahead (0001-01-01, 9999-12-31) is said and ignored, never a 500", async () => {
    const { user, template, cookie } = await owner(2);
    await call(composerAction, formPost("/campaigns/new", { ...composerFields(template.id), intent: "send" }, { cookie }));
    await writeAllMessages((await campaignsOf(user.id))[0].id);
    expect(await test.db.select().from(smsMessages).where(eq(smsMessages.userId, user.id))).toHaveLength(2);
    type History = { messages: unknown[]; badFilter: string | null; filters: { from: string; to: string } };
    for (const search of ["from=0001-01-01", "to=0001-01-01", "from=1999-12-31", "to=9999-12-31"]) {
      const page = await call<History>(historyLoader, getRequest(`/sms-history?${search}`, { cookie }));
      expect(page.status, search).toBe(200);
      expect(page.data.badFilter, search).toMatch(/^(from|to) must be a date from 2000-01-01 to \d{4}-\d{2}-\d{2}$/);
      expect(page.data.messages, search).toHaveLength(2);
      expect(page.data.filters, search).toEqual(expect.objectContaining({ from: "", to: "" }));
    }
    const ordinary = await call<History>(historyLoader, getRequest("/sms-history?from=2000-01-01", { cookie }));
    expect(ordinary.data).toMatchObject({ badFilter: null, filters: { from: "2000-01-01" } });
  });
});
