import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";

import { templates, users } from "~/db/schema";
import { DEMO_TEMPLATES } from "~/db/seed/demo-content";
import { uuidFromName } from "~/db/seed/deterministic";
import { makeTemplate, makeTemplateCategory } from "~/db/seed/factories.server";
import { seedEssentials } from "~/db/seed/seed.server";
import { postSchema } from "~/lib/schemas/posts";
import { BAD_TEMPLATE_CATEGORY } from "~/lib/schemas/templates";
import { listTemplates, templateDraft, type TemplateDraft, type TemplatePreview, type TemplateSummary } from "~/models/templates.server";
import { loader as addTemplatesLoader } from "~/routes/_app+/add-templates";
import { loader as templatePreviewLoader } from "~/routes/_app+/template-preview.$id";
import { loader as templatesApi } from "~/routes/api+/templates";
import { loader as notBuiltLoader } from "~/routes/$";
import { createLocalDiskStorage } from "~/services/storage.server";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, getRequest, jsonPost } from "../support/http";

const test = setupTestDatabase();
const storage = createLocalDiskStorage(mkdtempSync(path.join(tmpdir(), "isent-templates-")));

type Business = Awaited<ReturnType<typeof createUser>>;
type Card = TemplateSummary & { filledContent: string; offerTitle: string | null };
type BrowsePage = { categories: Array<{ id: string; name: string }>; categoryId: string | null; templates: Card[] };

let business: Business;
let cookie: string;
beforeAll(async () => {
  // Every installation's essentials (SEED_DEMO_DATA=false seeds these alone).
  await seedEssentials({ adminEmail: "templates-admin@isent.example.in", adminPassword: "templates-admin-password-1", storage });
  business = await createUser({
    name: "Kiran Rao",
    businessName: "Kiran Sweets",
    businessPhone: "9900112233",
    mobileNumber: "9845012345",
    address: "12, Sayyaji Rao Road",
    city: "Mysuru",
    state: "Karnataka",
  });
  cookie = await sessionCookieFor(business.id);
});

/** A business with no phone at all: neither a business phone nor a mobile. */
async function businessWithoutPhone(businessName: string) {
  const owner = await createUser({ businessName });
  await test.db.update(users).set({ mobileNumber: null, businessPhone: null }).where(eq(users.id, owner.id));
  return owner;
}

/** A category of this test's own with a post, an offer, an inactive and an sms template in it. */
async function categoryWithTemplates() {
  const category = await makeTemplateCategory({ sortOrder: -1 });
  const post = await makeTemplate({
    categoryId: category.id,
    sortOrder: 2,
    title: "Fresh jalebi",
    content: "Fresh jalebi at {{businessName}}, {{city}}!{{#phone}} Call {{phone}}.{{/phone}}",
    hashtags: ["jalebi", "sweets"],
    imageUrl: "/uploads/seed/templates/diwali.jpg",
  });
  const offer = await makeTemplate({
    categoryId: category.id,
    sortOrder: 1,
    kind: "offer",
    title: "Sweets offer",
    content: "{{offerTitle}} at {{businessName}}. Code {{couponCode}} till {{validUntil}}.",
    offer: {
      title: "{{businessName}} special: 10% off",
      couponCode: "SWEET10",
      terms: "Ask {{name}}.",
      validDays: 7,
      callToAction: "whatsapp",
    },
  });
  const inactive = await makeTemplate({ categoryId: category.id, title: "Retired", isActive: false });
  const sms = await makeTemplate({ categoryId: category.id, kind: "sms", title: "Sms one", content: "Hi {{customerName}}" });
  return { category, post, offer, inactive, sms };
}

describe("GET /api/templates", () => {
  it("answers anyone, signed in or not, with the active post and offer templates, placeholders as written, cached publicly", async () => {
    const { category, post, offer } = await categoryWithTemplates();
    const reply = await call<TemplateSummary[]>(templatesApi, getRequest(`/api/templates?categoryId=${category.id}`));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Cache-Control")).toBe("no-cache");
    // The admin's order within the category; inactive and sms templates are not offered.
    expect(reply.data.map((template) => template.title)).toEqual(["Sweets offer", "Fresh jalebi"]);
    expect(reply.data[1]).toEqual({
      id: post.id,
      title: "Fresh jalebi",
      kind: "post",
      categoryId: category.id,
      categoryName: category.name,
      content: "Fresh jalebi at {{businessName}}, {{city}}!{{#phone}} Call {{phone}}.{{/phone}}",
      hashtags: ["jalebi", "sweets"],
      imageUrl: "/uploads/seed/templates/diwali.jpg",
      offer: null,
    });
    expect(reply.data[0]).toMatchObject({
      id: offer.id,
      kind: "offer",
      offer: { couponCode: "SWEET10", validDays: 7, callToAction: "whatsapp" },
    });
  });

  it("lists every category's templates without a filter, categories in the admin's order", async () => {
    const { category } = await categoryWithTemplates();
    const reply = await call<TemplateSummary[]>(templatesApi, getRequest("/api/templates", { cookie }));
    expect(reply.status).toBe(200);
    expect(reply.data.length).toBeGreaterThanOrEqual(40);
    expect(reply.data.every((template) => template.kind === "post" || template.kind === "offer")).toBe(true);
    // sortOrder -1 puts this test's category before the seeded ones.
    const position = (predicate: (template: TemplateSummary) => boolean) => reply.data.findIndex(predicate);
    expect(position((template) => template.categoryId === category.id)).toBeLessThan(
      position((template) => template.title === "Happy Diwali"),
    );
    expect(reply.data.find((template) => template.title === "Happy Diwali")?.content).toContain("{{businessName}}");
  });

  it("refuses a categoryId that is not an id with 400 {message}, and answers [] for an unknown one", async () => {
    for (const bad of ["diwali", "1", "' or 1=1 --"]) {
      const reply = await call(templatesApi, getRequest(`/api/templates?categoryId=${encodeURIComponent(bad)}`));
      expect(reply.status).toBe(400);
      expect(reply.data).toEqual({ message: BAD_TEMPLATE_CATEGORY });
    }
    const unknown = await call(templatesApi, getRequest(`/api/templates?categoryId=${uuidFromName("no such category")}`));
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual([]);
    // An empty filter is no filter.
    const empty = await call<unknown[]>(templatesApi, getRequest("/api/templates?categoryId="));
    expect(empty.data.length).toBeGreaterThan(0);
  });

  it("answers other methods with 405 and Allow", async () => {
    const reply = await call(templatesApi, jsonPost("/api/templates", {}));
    expect(reply.status).toBe(405);
    expect(reply.headers.get("Allow")).toBe("GET");
  });
});

describe("/add-templates", () => {
  it("shows a category's templates filled with the business's own details", async () => {
    const { category, post } = await categoryWithTemplates();
    const reply = await call<BrowsePage>(addTemplatesLoader, getRequest(`/add-templates?category=${category.id}`, { cookie }));
    expect(reply.status).toBe(200);
    expect(reply.data.categoryId).toBe(category.id);
    expect(reply.data.categories.map((item) => item.id)).toContain(category.id);
    expect(reply.data.templates.map((template) => template.id)).toEqual([expect.any(String), post.id]);
    expect(reply.data.templates[1].filledContent).toBe("Fresh jalebi at Kiran Sweets, Mysuru! Call +91 99001 12233.");
    expect(reply.data.templates[0].offerTitle).toBe("Kiran Sweets special: 10% off");
  });

  it("shows every category without a filter, and an empty category as empty", async () => {
    const all = await call<BrowsePage>(addTemplatesLoader, getRequest("/add-templates", { cookie }));
    expect(all.data.categoryId).toBeNull();
    expect(all.data.templates.length).toBeGreaterThanOrEqual(40);
    for (const template of all.data.templates) expect(template.filledContent).not.toMatch(/\{\{|\}\}/);

    const empty = await makeTemplateCategory();
    const none = await call<BrowsePage>(addTemplatesLoader, getRequest(`/add-templates?category=${empty.id}`, { cookie }));
    expect(none.status).toBe(200);
    expect(none.data.templates).toEqual([]);
  });

  it("answers 404 for a category that does not exist or is not an id", async () => {
    for (const category of [uuidFromName("no such category"), "festivals", "<script>"]) {
      const reply = await call(addTemplatesLoader, getRequest(`/add-templates?category=${encodeURIComponent(category)}`, { cookie }));
      expect(reply.status).toBe(404);
      expect(reply.data).toBe("There is no template category at this address.");
    }
  });

  it("sends a signed-out visitor to the login page", async () => {
    const reply = await call(addTemplatesLoader, getRequest("/add-templates?category=x"));
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/login?redirectTo=%2Fadd-templates%3Fcategory%3Dx");
  });
});

describe("/template-preview/{id}", () => {
  it("shows a post template filled with the business's details, for /send-post", async () => {
    const { post } = await categoryWithTemplates();
    const reply = await call<TemplatePreview>(templatePreviewLoader, getRequest(`/template-preview/${post.id}`, { cookie }), {
      id: post.id,
    });
    expect(reply.status).toBe(200);
    expect(reply.data.template.title).toBe("Fresh jalebi");
    expect(reply.data.business).toEqual({ businessName: "Kiran Sweets", city: "Mysuru", state: "Karnataka", profileImageUrl: null });
    expect(reply.data.draft).toMatchObject({
      kind: "update",
      content: "Fresh jalebi at Kiran Sweets, Mysuru! Call +91 99001 12233.",
      hashtags: ["jalebi", "sweets"],
      images: ["/uploads/seed/templates/diwali.jpg"],
      offer: null,
    });
    expect(reply.data.missingDetails).toEqual([]);
  });

  it("shows an offer template's offer block, and what the profile lacks", async () => {
    const { offer } = await categoryWithTemplates();
    const bare = await businessWithoutPhone("Plain Stores");
    const bareCookie = await sessionCookieFor(bare.id);
    const template = await makeTemplate({
      kind: "offer",
      content: "{{offerTitle}}{{#city}} in {{city}}{{/city}}.{{#phone}} Call {{phone}}.{{/phone}}",
    });
    const reply = await call<TemplatePreview>(
      templatePreviewLoader,
      getRequest(`/template-preview/${template.id}`, { cookie: bareCookie }),
      {
        id: template.id,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.data.draft.content).toBe(`${template.offer!.title}.`);
    expect(reply.data.missingDetails).toEqual(["phone", "city"]);

    const full = await call<TemplatePreview>(templatePreviewLoader, getRequest(`/template-preview/${offer.id}`, { cookie }), {
      id: offer.id,
    });
    expect(full.data.draft.offer).toMatchObject({
      title: "Kiran Sweets special: 10% off",
      couponCode: "SWEET10",
      terms: "Ask Kiran Rao.",
      callToAction: { type: "whatsapp" },
    });
  });

  it("answers 404 for an unknown id, a bad id, an inactive template and an sms template", async () => {
    const { inactive, sms } = await categoryWithTemplates();
    for (const id of [uuidFromName("no such template"), "not-an-id", "1", inactive.id, sms.id]) {
      const reply = await call(templatePreviewLoader, getRequest(`/template-preview/${encodeURIComponent(id)}`, { cookie }), { id });
      expect(reply.status).toBe(404);
      expect(reply.data).toBe("There is no template at this address.");
    }
  });

  it("sends a signed-out visitor to the login page", async () => {
    const { post } = await categoryWithTemplates();
    const reply = await call(templatePreviewLoader, getRequest(`/template-preview/${post.id}`), { id: post.id });
    expect(reply.location).toBe(`/login?redirectTo=${encodeURIComponent(`/template-preview/${post.id}`)}`);
  });

  it("are no longer on the not-yet-built list", async () => {
    for (const url of ["/add-templates", `/template-preview/${uuidFromName("x")}`]) {
      const request = getRequest(url, { cookie });
      await expect(notBuiltLoader({ request, params: { "*": url.slice(1) }, context: {} })).rejects.toMatchObject({
        init: { status: 404 },
      });
    }
  });
});

describe("templateDraft (what the composer starts from)", () => {
  it("maps a post template to an update, filled for the business, with its picture", async () => {
    const { post } = await categoryWithTemplates();
    const draft = await templateDraft(post.id, business.id);
    expect(draft).toEqual({
      templateId: post.id,
      kind: "update",
      content: "Fresh jalebi at Kiran Sweets, Mysuru! Call +91 99001 12233.",
      hashtags: ["jalebi", "sweets"],
      images: ["/uploads/seed/templates/diwali.jpg"],
      offer: null,
    } satisfies TemplateDraft);
  });

  it("dates an offer in India: from today there, for validDays days including today", async () => {
    const { offer } = await categoryWithTemplates();
    // 20:00 UTC on 1 December is 01:30 on 2 December in India.
    const draft = await templateDraft(offer.id, business.id, new Date("2026-12-01T20:00:00Z"));
    expect(draft?.kind).toBe("offer");
    expect(draft?.offer).toEqual({
      title: "Kiran Sweets special: 10% off",
      couponCode: "SWEET10",
      terms: "Ask Kiran Rao.",
      validFrom: "2026-12-02",
      validUntil: "2026-12-08",
      callToAction: { type: "whatsapp" },
    });
    expect(draft?.content).toBe("Kiran Sweets special: 10% off at Kiran Sweets. Code SWEET10 till 8 Dec.");
    expect(draft?.images).toEqual([]);
    // Earlier the same UTC day it is still 1 December in India.
    const morning = await templateDraft(offer.id, business.id, new Date("2026-12-01T10:00:00Z"));
    expect(morning?.offer).toMatchObject({ validFrom: "2026-12-01", validUntil: "2026-12-07" });
  });

  it("takes the mobile when there is no business phone, and leaves no braces without either", async () => {
    const { post } = await categoryWithTemplates();
    const mobileOnly = await createUser({ businessName: "Mobile Mart", mobileNumber: "9876543210", city: "Pune" });
    expect((await templateDraft(post.id, mobileOnly.id))?.content).toBe("Fresh jalebi at Mobile Mart, Pune! Call +91 98765 43210.");
    const noPhone = await businessWithoutPhone("Quiet Shop");
    expect((await templateDraft(post.id, noPhone.id))?.content).toBe("Fresh jalebi at Quiet Shop!");
  });

  it("is null for an sms, inactive, unknown or malformed template, and for an unknown business", async () => {
    const { post, inactive, sms } = await categoryWithTemplates();
    for (const id of [sms.id, inactive.id, uuidFromName("nothing"), "nonsense"]) expect(await templateDraft(id, business.id)).toBeNull();
    expect(await templateDraft(post.id, uuidFromName("nobody"))).toBeNull();
    expect(await templateDraft(post.id, "nobody")).toBeNull();
  });
});

describe("the seeded templates", () => {
  const seededIds = DEMO_TEMPLATES.map((template) => uuidFromName(`template:${template.title}`));

  it("are at least 40 posts and offers in at least 8 categories, with hashtags, titles unique", async () => {
    expect(new Set(DEMO_TEMPLATES.map((template) => template.title)).size).toBe(DEMO_TEMPLATES.length);
    const seeded = (await listTemplates()).filter((template) => seededIds.includes(template.id));
    expect(seeded.length).toBeGreaterThanOrEqual(40);
    expect(new Set(seeded.map((template) => template.categoryName)).size).toBeGreaterThanOrEqual(8);
    for (const template of seeded) {
      expect(template.hashtags.length, template.title).toBeGreaterThan(0);
      expect(template.categoryName, template.title).toBeTruthy();
      expect(template.offer !== null, template.title).toBe(template.kind === "offer");
    }
    const text = seeded.map((template) => `${template.title} ${template.content}`).join(" ");
    for (const festival of [
      "Diwali",
      "Holi",
      "Eid",
      "Pongal",
      "Onam",
      "Christmas",
      "Independence",
      "Raksha Bandhan",
      "Ganesh",
      "Navratri",
    ]) {
      expect(text).toContain(festival);
    }
    // The SMS ones are kept for campaigns, with the contact's name as {{customerName}}.
    const sms = await listTemplates({ kind: "sms" });
    expect(
      sms.filter((template) => seededIds.includes(template.id)).every((template) => !/\{(business|city|name)\}/.test(template.content)),
    ).toBe(true);
  });

  it("come with festive pictures that are in storage", async () => {
    const rows = await test.db
      .select({ title: templates.title, imageUrl: templates.imageUrl })
      .from(templates)
      .where(inArray(templates.id, seededIds));
    const pictures = rows.filter((row) => row.imageUrl);
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    for (const { imageUrl } of pictures) {
      const file = await storage.get(imageUrl!.replace(/^\/uploads\//, ""));
      expect(file?.contentType).toBe("image/jpeg");
      expect(file!.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it("each give a draft the composer's own rules accept, with and without a phone and address", async () => {
    const bare = await businessWithoutPhone("New Shop");
    for (const owner of [business, bare]) {
      for (const template of (await listTemplates()).filter((item) => seededIds.includes(item.id))) {
        const draft = (await templateDraft(template.id, owner.id))!;
        expect(draft.content, template.title).not.toMatch(/\{\{|\}\}| [,.!]| {2}/);
        const parsed = postSchema.safeParse({
          kind: draft.kind,
          content: draft.content,
          hashtags: draft.hashtags,
          images: draft.images,
          offerTitle: draft.offer?.title,
          couponCode: draft.offer?.couponCode ?? undefined,
          offerTerms: draft.offer?.terms ?? undefined,
          validFrom: draft.offer?.validFrom,
          validUntil: draft.offer?.validUntil,
          callToActionType: draft.offer?.callToAction?.type,
        });
        expect(parsed.error?.issues ?? [], template.title).toEqual([]);
      }
    }
  });

  it("seed once: a second run adds nothing and keeps an admin's edit", async () => {
    const [first] = seededIds;
    const [original] = await test.db.select({ title: templates.title }).from(templates).where(eq(templates.id, first));
    await test.db.update(templates).set({ title: "Edited by the admin" }).where(eq(templates.id, first));
    // Other tests look for the seeded title: put it back whatever order they run in.
    onTestFinished(async () => {
      await test.db.update(templates).set({ title: original.title }).where(eq(templates.id, first));
    });
    const before = await test.db.select({ id: templates.id }).from(templates);
    await seedEssentials({ adminEmail: "templates-admin@isent.example.in", storage });
    const after = await test.db.select({ id: templates.id, title: templates.title }).from(templates);
    expect(after).toHaveLength(before.length);
    expect(after.find((row) => row.id === first)?.title).toBe("Edited by the admin");
  });
});
