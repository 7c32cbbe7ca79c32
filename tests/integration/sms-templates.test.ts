import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { campaigns, templates } from "~/db/schema";
import { makeCampaign } from "~/db/seed/factories.server";
import {
  MAX_OWN_SMS_TEMPLATES,
  OWN_SMS_TEMPLATE_MESSAGES,
  ownSmsTemplateSchema,
  type OwnSmsTemplateInput,
} from "~/lib/schemas/sms-templates";
import { TEMPLATE_MESSAGES } from "~/lib/schemas/admin-templates";
import { createCampaign, listSmsTemplates, updateSmsRegistration } from "~/models/campaigns.server";
import { dispatchCampaign } from "~/models/sms-dispatch.server";
import {
  createOwnSmsTemplate,
  deleteOwnSmsTemplate,
  getOwnSmsTemplate,
  listOwnSmsTemplates,
  updateOwnSmsTemplate,
} from "~/models/sms-templates.server";
import { msg91Provider } from "~/services/msg91.server";
import { useSmsProvider } from "~/services/sms.server";

import { businessWithContacts, campaignInput, makeSmsTemplate, messagesOf, sendAndWrite, setupCampaignTests } from "../support/campaigns";
import { startFakeMsg91, type FakeMsg91 } from "../support/fake-msg91";

setupCampaignTests();

const ENTITY = "1101234567890123456";

/** A business with its own DLT registration (header RAOSWT). */
async function registeredBusiness(contacts = 0) {
  const { user } = await businessWithContacts(contacts);
  expect(await updateSmsRegistration(user.id, { dltEntityId: ENTITY, senderHeader: "RAOSWT" })).toMatchObject({ ok: true });
  return user;
}

let dltCounter = 0;
/** A template's details as the form sends them, with a DLT id of its own unless told. */
function formValues(overrides: Record<string, unknown> = {}) {
  dltCounter += 1;
  return {
    name: "Festive offer",
    text: "Hi {#var#}, {#var#} has {#var#} for you. Reply STOP to opt out.",
    dltTemplateId: `1107 1700 0000 ${String(dltCounter).padStart(7, "0")}`,
    category: "promotional",
    providerTemplateId: "64f0c0ffee00000000000001",
    slotHints: "Customer name\nBusiness name\nOffer",
    ...overrides,
  };
}

const parse = (values: Record<string, unknown>, providerTemplateIdRequired = false) =>
  ownSmsTemplateSchema({ providerTemplateIdRequired }).safeParse(values);

function input(overrides: Record<string, unknown> = {}): OwnSmsTemplateInput {
  const parsed = parse(formValues(overrides));
  if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  return parsed.data;
}

/** The message of the first problem on each field. */
function problems(values: Record<string, unknown>, providerTemplateIdRequired = false) {
  const parsed = parse(values, providerTemplateIdRequired);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.reverse().map((issue) => [issue.path.join("."), issue.message]));
}

describe("a business's own SMS templates: checked as the platform's", () => {
  it("takes the DLT id as the portal shows it, the hints one a line or as a list", () => {
    const parsed = parse(formValues({ dltTemplateId: "1107-1700 0000 0000 001", slotHints: ["Customer name", " Offer "] }));
    expect(parsed.success && parsed.data).toMatchObject({ dltTemplateId: "1107170000000000001", slotHints: ["Customer name", "Offer"] });
  });

  it("refuses bad slots, too long a text, a malformed DLT id, an unknown category, more hints than slots, each on its field", () => {
    expect(problems(formValues({ text: "Hi {#VAR#}, welcome", slotHints: "" }))).toEqual({
      text: TEMPLATE_MESSAGES.malformedSlot("{#VAR#}"),
    });
    // Hindi is sent as Unicode, 67 characters a part: 720 characters are more than 10 parts, though under 1,500.
    expect(problems(formValues({ text: "दिवाली ".repeat(120), slotHints: "" }))).toEqual({ text: TEMPLATE_MESSAGES.approvedTooLong });
    expect(problems(formValues({ text: "", slotHints: "" }))).toEqual({ text: TEMPLATE_MESSAGES.contentRequired });
    expect(problems(formValues({ dltTemplateId: "12345" }))).toEqual({ dltTemplateId: TEMPLATE_MESSAGES.dltShape });
    expect(problems(formValues({ dltTemplateId: "" }))).toEqual({ dltTemplateId: TEMPLATE_MESSAGES.dltRequired });
    expect(problems(formValues({ category: "marketing" }))).toEqual({ category: TEMPLATE_MESSAGES.smsCategoryRequired });
    expect(problems(formValues({ providerTemplateId: "has space" }))).toEqual({ providerTemplateId: TEMPLATE_MESSAGES.providerShape });
    expect(problems(formValues({ text: "Your order {#var#} is ready.", slotHints: "Order\nShop" }))).toEqual({
      slotHints: TEMPLATE_MESSAGES.tooManyHints(2, 1),
    });
    expect(problems(formValues({ name: "Offer\u0000" }))).toEqual({ name: "Remove the invisible control characters from this field" });
  });

  it("needs MSG91's template id only when SMS go out through MSG91", () => {
    expect(problems(formValues({ providerTemplateId: "" }))).toEqual({});
    expect(problems(formValues({ providerTemplateId: "" }), true)).toEqual({
      providerTemplateId: OWN_SMS_TEMPLATE_MESSAGES.providerRequired,
    });
    expect(problems(formValues(), true)).toEqual({});
  });
});

describe("keeping them", () => {
  it("adds, lists, edits and deletes the business's own; the composer lists them as its own", async () => {
    const user = await registeredBusiness();
    const created = await createOwnSmsTemplate(user.id, input({ name: "Order ready", category: "service" }));
    if (!created.ok) throw new Error(created.message);
    expect(created.template).toMatchObject({ name: "Order ready", category: "service", providerTemplateId: "64f0c0ffee00000000000001" });
    const id = created.template.id;

    expect((await listOwnSmsTemplates(user.id)).map((template) => template.id)).toEqual([id]);
    expect((await listSmsTemplates(user.id)).find((template) => template.id === id)).toMatchObject({ own: true, name: "Order ready" });

    const edited = await updateOwnSmsTemplate(user.id, id, input({ name: "Order is ready", providerTemplateId: "" }));
    expect(edited).toMatchObject({ ok: true, template: { name: "Order is ready", providerTemplateId: null } });
    expect(await getOwnSmsTemplate(user.id, id)).toMatchObject({ name: "Order is ready" });

    expect(await deleteOwnSmsTemplate(user.id, id)).toEqual({ ok: true, name: "Order is ready" });
    expect(await getOwnSmsTemplate(user.id, id)).toBeNull();
    expect(await listOwnSmsTemplates(user.id)).toEqual([]);
  });

  it("another business's template is not found, to read, edit or delete, and stays as it was", async () => {
    const owner = await registeredBusiness();
    const stranger = await registeredBusiness();
    const created = await createOwnSmsTemplate(owner.id, input({ name: "Mine" }));
    if (!created.ok) throw new Error(created.message);
    const id = created.template.id;
    const platform = await makeSmsTemplate();

    expect(await getOwnSmsTemplate(stranger.id, id)).toBeNull();
    expect(await updateOwnSmsTemplate(stranger.id, id, input({ name: "Theirs now" }))).toMatchObject({ ok: false, status: 404 });
    expect(await deleteOwnSmsTemplate(stranger.id, id)).toMatchObject({ ok: false, status: 404 });
    expect(await listOwnSmsTemplates(stranger.id)).toEqual([]);
    expect((await listSmsTemplates(stranger.id)).map((template) => template.id)).not.toContain(id);
    // The platform's templates are not the business's to change either.
    expect(await getOwnSmsTemplate(owner.id, platform.id)).toBeNull();
    expect(await updateOwnSmsTemplate(owner.id, platform.id, input())).toMatchObject({ ok: false, status: 404 });
    expect(await deleteOwnSmsTemplate(owner.id, platform.id)).toMatchObject({ ok: false, status: 404 });
    expect(await getOwnSmsTemplate(owner.id, "not-a-uuid")).toBeNull();

    expect(await getOwnSmsTemplate(owner.id, id)).toMatchObject({ name: "Mine" });
    const [row] = await db().select().from(templates).where(eq(templates.id, platform.id));
    expect(row.title).toBe(platform.title);
  });

  it("needs the business's own registration first, and refuses a DLT id it already has", async () => {
    const { user } = await businessWithContacts(0);
    expect(await createOwnSmsTemplate(user.id, input())).toEqual({
      ok: false,
      status: 409,
      message: OWN_SMS_TEMPLATE_MESSAGES.needsRegistration,
    });
    expect(await listOwnSmsTemplates(user.id)).toEqual([]);

    const registered = await registeredBusiness();
    const first = await createOwnSmsTemplate(registered.id, input({ dltTemplateId: "1107170000000000999" }));
    expect(first.ok).toBe(true);
    expect(await createOwnSmsTemplate(registered.id, input({ dltTemplateId: "1107 1700 0000 0000 999" }))).toEqual({
      ok: false,
      status: 409,
      message: OWN_SMS_TEMPLATE_MESSAGES.duplicateDltId,
      field: "dltTemplateId",
    });
    const second = await createOwnSmsTemplate(registered.id, input());
    if (!second.ok || !first.ok) throw new Error("not added");
    expect(await updateOwnSmsTemplate(registered.id, second.template.id, input({ dltTemplateId: "1107170000000000999" }))).toMatchObject({
      ok: false,
      field: "dltTemplateId",
    });
    // Saving a template with its own DLT id is no clash.
    expect(await updateOwnSmsTemplate(registered.id, first.template.id, input({ dltTemplateId: "1107170000000000999" }))).toMatchObject({
      ok: true,
    });
  });

  it(`keeps at most ${MAX_OWN_SMS_TEMPLATES} a business`, async () => {
    const user = await registeredBusiness();
    await db()
      .insert(templates)
      .values(
        Array.from({ length: MAX_OWN_SMS_TEMPLATES }, (_, n) => ({
          kind: "sms" as const,
          userId: user.id,
          title: `T${n}`,
          content: "Your order is ready.",
          smsCategory: "service" as const,
          dltTemplateId: `1107180000000${String(n).padStart(6, "0")}`,
        })),
      );
    expect(await createOwnSmsTemplate(user.id, input())).toMatchObject({
      ok: false,
      status: 409,
      message: OWN_SMS_TEMPLATE_MESSAGES.tooMany(MAX_OWN_SMS_TEMPLATES),
    });
  });

  it("is not deleted while a campaign of it is unfinished", async () => {
    const user = await registeredBusiness();
    const created = await createOwnSmsTemplate(user.id, input());
    if (!created.ok) throw new Error(created.message);
    const campaign = await makeCampaign({ userId: user.id, templateId: created.template.id, status: "scheduled", name: "Weekend" });
    expect(await deleteOwnSmsTemplate(user.id, created.template.id)).toEqual({
      ok: false,
      status: 409,
      message: OWN_SMS_TEMPLATE_MESSAGES.inUse("Weekend"),
    });
    expect(await getOwnSmsTemplate(user.id, created.template.id)).not.toBeNull();
    await db().update(campaigns).set({ status: "sent" }).where(eq(campaigns.id, campaign.id));
    expect(await deleteOwnSmsTemplate(user.id, created.template.id)).toMatchObject({ ok: true });
  });
});

describe("a campaign of an own template through MSG91", () => {
  let fake: FakeMsg91;
  beforeAll(async () => {
    fake = await startFakeMsg91();
  });
  afterAll(() => fake.close());

  it("goes out under the business's header and entity, with its DLT and MSG91 template ids; the platform's under the platform's", async () => {
    useSmsProvider(msg91Provider({ authKey: fake.authKey, baseUrl: fake.url }));
    const user = await registeredBusiness(2);
    const own = await createOwnSmsTemplate(
      user.id,
      input({ dltTemplateId: "1107170000000004242", providerTemplateId: "msg91-own-4242", category: "service" }),
    );
    if (!own.ok) throw new Error(own.message);
    const platform = await makeSmsTemplate({ smsCategory: "service", providerTemplateId: "msg91-platform-1" });

    for (const template of [own.template, platform]) {
      const created = await createCampaign(user.id, campaignInput(template.id));
      if (!created.ok) throw new Error(created.message);
      const sent = await sendAndWrite(user.id, created.campaign.id);
      if (!sent.ok) throw new Error(sent.message);
      const before = fake.requests.length;
      expect(await dispatchCampaign(created.campaign.id)).toBe("finished");
      const made = fake.requests.slice(before);
      expect(made).toHaveLength(1);
      expect(made[0].requestId).not.toBeNull();
      expect(made[0].body).toMatchObject(
        template.id === own.template.id
          ? { sender: "RAOSWT", PE_ID: ENTITY, DLT_TE_ID: "1107170000000004242", template_id: "msg91-own-4242" }
          : { sender: "ISENTL", PE_ID: "1101726000000000001", DLT_TE_ID: platform.dltTemplateId, template_id: "msg91-platform-1" },
      );
      expect(made[0].body?.recipients).toHaveLength(2);
      expect((await messagesOf(created.campaign.id)).map((message) => message.status)).toEqual(["submitted", "submitted"]);
    }
  });

  it("a template whose MSG91 id is missing is refused with the reason; the business adds it to its template", async () => {
    useSmsProvider(msg91Provider({ authKey: fake.authKey, baseUrl: fake.url }));
    const user = await registeredBusiness(1);
    const own = await createOwnSmsTemplate(user.id, input({ providerTemplateId: "", category: "service" }));
    if (!own.ok) throw new Error(own.message);
    const created = await createCampaign(user.id, campaignInput(own.template.id));
    if (!created.ok) throw new Error(created.message);
    await sendAndWrite(user.id, created.campaign.id);
    const before = fake.requests.length;
    await dispatchCampaign(created.campaign.id);
    expect(fake.requests.length).toBe(before);
    expect((await messagesOf(created.campaign.id))[0]).toMatchObject({ status: "failed" });
  });
});
