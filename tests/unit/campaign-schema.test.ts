import { describe, expect, it } from "vitest";

import { toIndianDateTime } from "~/lib/india-days";
import {
  apiCampaignSchema,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_NAME_MAX,
  campaignSchema,
  defaultCampaignName,
  PICKED_CONTACTS_MAX,
} from "~/lib/schemas/campaign";

const TEMPLATE = "7b0c7a52-3f5e-4b8e-9d35-8a7c5e3f1a10";
const CONTACT = "0f8e2c61-9d4b-4c3a-8f1e-2b6d7a9c4e55";

function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: Array<string | number>; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("campaignSchema (the composer's form)", () => {
  it("turns the form into one CampaignInput", () => {
    const result = campaignSchema.parse({
      name: "  Diwali offer ",
      templateId: TEMPLATE,
      fills: [{ source: "contact_name" }, { source: "fixed", value: " 20% off " }, { source: "business_name", value: "ignored" }],
      audienceMode: "tags",
      tags: ["Regulars", "regulars", "VIP"],
      sendAt: "",
    });
    expect(result).toEqual({
      name: "Diwali offer",
      templateId: TEMPLATE,
      message: null,
      slotFills: [{ source: "contact_name" }, { source: "fixed", value: "20% off" }, { source: "business_name" }],
      audience: { tags: ["Regulars", "VIP"] },
      sendAt: null,
    });
  });

  it("takes picked contacts without repeats, and free text without a template", () => {
    const result = campaignSchema.parse({ name: "One", message: "Hello", audienceMode: "contacts", contactIds: [CONTACT, CONTACT] });
    expect(result.audience).toEqual({ contactIds: [CONTACT] });
    expect(result).toMatchObject({ templateId: null, message: "Hello", slotFills: [] });
  });

  it("refuses no template or message, an empty audience and a past schedule, each on its field (a name is optional)", () => {
    const result = campaignSchema.safeParse({
      name: " ",
      audienceMode: "tags",
      tags: "",
      sendAt: toIndianDateTime(new Date(Date.now() - 3_600_000)),
    });
    expect(errorsOf(result)).toEqual({
      templateId: CAMPAIGN_MESSAGES.templateRequired,
      tags: CAMPAIGN_MESSAGES.tagsRequired,
      sendAt: CAMPAIGN_MESSAGES.sendAtInPast,
    });
    expect(errorsOf(campaignSchema.safeParse({ name: "x", message: "m", audienceMode: "contacts" }))).toEqual({
      contactIds: CAMPAIGN_MESSAGES.contactsRequired,
    });
    expect(errorsOf(campaignSchema.safeParse({ name: "x", message: "m", sendAt: "2026-02-30T10:00" }))).toEqual({
      sendAt: CAMPAIGN_MESSAGES.badSendAt,
    });
    expect(errorsOf(campaignSchema.safeParse({ name: "x".repeat(81), message: "m" }))).toEqual({ name: CAMPAIGN_MESSAGES.nameTooLong });
  });

  it("holds typed slot text to DLT's rules where the form is read: one line, nothing invisible, at most 30 characters", () => {
    const form = (value: string, source = "fixed") => ({ name: "x", templateId: TEMPLATE, fills: [{ source, value }] });
    expect(errorsOf(campaignSchema.safeParse(form("x".repeat(17_000))))).toEqual({ "fills.0.value": "A slot holds at most 30 characters" });
    expect(errorsOf(campaignSchema.safeParse(form("20%\u0000 off")))).toEqual({
      "fills.0.value": "Remove the invisible characters from this slot",
    });
    expect(errorsOf(campaignSchema.safeParse(form("two\nlines")))).toEqual({ "fills.0.value": "A slot cannot hold a line break" });
    // Empty is for the model to name (the numbers still come back as the business types); text sent with another choice is dropped.
    expect(campaignSchema.safeParse(form("")).success).toBe(true);
    expect(campaignSchema.parse(form("x".repeat(17_000), "contact_name")).slotFills).toEqual([{ source: "contact_name" }]);
  });

  it("caps picked contacts at 1,000", () => {
    const ids = Array.from({ length: PICKED_CONTACTS_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(errorsOf(campaignSchema.safeParse({ name: "x", message: "m", audienceMode: "contacts", contactIds: ids }))).toEqual({
      contactIds: CAMPAIGN_MESSAGES.tooManyContacts,
    });
    expect(campaignSchema.safeParse({ name: "x", message: "m", audienceMode: "contacts", contactIds: ids.slice(1) }).success).toBe(true);
  });
});

describe("apiCampaignSchema (POST /api/campaigns)", () => {
  it("maps variables in slot order and the audience object onto the same input", () => {
    const sendAt = new Date(Date.now() + 86_400_000);
    sendAt.setUTCSeconds(0, 0);
    const result = apiCampaignSchema.parse({
      name: "Diwali",
      smsTemplateId: TEMPLATE,
      variables: [{ source: "contact_name" }, "20% off", { source: "business_name" }],
      audience: { all: true },
      sendAt: sendAt.toISOString(),
    });
    expect(result).toEqual({
      name: "Diwali",
      templateId: TEMPLATE,
      message: null,
      slotFills: [{ source: "contact_name" }, { source: "fixed", value: "20% off" }, { source: "business_name" }],
      audience: { all: true },
      sendAt,
    });
    expect(apiCampaignSchema.parse({ name: "x", message: "Hi", audience: { contactIds: [CONTACT] } }).audience).toEqual({
      contactIds: [CONTACT],
    });
  });

  it("names a variable no slot could carry by its place, and takes 1,000 picked contacts", () => {
    const body = (value: string) => ({
      name: "x",
      smsTemplateId: TEMPLATE,
      variables: [{ source: "contact_name" }, value],
      audience: { all: true },
    });
    expect(errorsOf(apiCampaignSchema.safeParse(body("x".repeat(60_000))))).toEqual({
      "variables.1": "variables[1]: A slot holds at most 30 characters",
    });
    expect(errorsOf(apiCampaignSchema.safeParse(body("\u202eoff")))).toEqual({
      "variables.1": "variables[1]: Remove the invisible characters from this slot",
    });
    const ids = Array.from({ length: PICKED_CONTACTS_MAX }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(apiCampaignSchema.parse({ name: "x", message: "m", audience: { contactIds: ids } }).audience).toEqual({ contactIds: ids });
  });

  it("refuses a bad audience, a bad variable and a bad sendAt", () => {
    expect(errorsOf(apiCampaignSchema.safeParse({ name: "x", message: "m", audience: { everyone: true } }))).toEqual({
      audience: "audience must be {all: true}, {tags: [...]} or {contactIds: [...]}",
    });
    expect(
      apiCampaignSchema.safeParse({ name: "x", smsTemplateId: TEMPLATE, variables: [{ source: "email" }], audience: { all: true } })
        .success,
    ).toBe(false);
    expect(errorsOf(apiCampaignSchema.safeParse({ name: "x", message: "m", audience: { all: true }, sendAt: "tomorrow" }))).toEqual({
      sendAt: "sendAt must be an ISO date and time",
    });
    expect(
      errorsOf(
        apiCampaignSchema.safeParse({
          name: "x",
          message: "m",
          audience: { all: true },
          sendAt: new Date(Date.now() - 120_000).toISOString(),
        }),
      ),
    ).toEqual({ sendAt: CAMPAIGN_MESSAGES.sendAtInPast });
  });

  it("leaves an unnamed campaign's name empty for the model, which calls it after its template and the day in India", () => {
    expect(campaignSchema.parse({ name: "  ", message: "Hello" }).name).toBe("");
    expect(campaignSchema.parse({ message: "Hello" }).name).toBe("");
    // 20:00 on 27 November in UTC is already 28 November in India.
    const evening = new Date("2026-11-27T20:00:00Z");
    expect(defaultCampaignName("Orders ready", evening)).toBe("Orders ready · 28 Nov 2026");
    expect(defaultCampaignName(null, evening)).toBe("My message · 28 Nov 2026");
    const long = defaultCampaignName("x".repeat(200), evening);
    expect(long).toHaveLength(CAMPAIGN_NAME_MAX);
    expect(long.endsWith(" · 28 Nov 2026")).toBe(true);
  });
});
