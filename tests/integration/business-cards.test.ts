import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import jsQR from "jsqr";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { businessCardDesigns, businessCards, users, type BusinessCardFields } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { DEMO_CARD_DESIGNS } from "~/db/seed/demo-content";
import { cardContentOf, type CardProfile } from "~/lib/business-card";
import { CHOOSE_A_DESIGN, INVALID_WEBSITE } from "~/lib/schemas/business-card";
import { businessCardIdFor, saveBusinessCard } from "~/models/business-cards.server";
import { storeImageUpload } from "~/models/uploads.server";
import { cardImage } from "~/services/card-image.server";
import { qrCodeSvg } from "~/services/qr-code.server";
import { action as cardFormAction, loader as cardFormLoader } from "~/routes/_app+/app_.business-card";
import { loader as previewLoader } from "~/routes/_app+/app_.business-card_.preview.$designId";
import { loader as dashboardLoader } from "~/routes/_app+/app";
import { loader as cardPageLoader, meta as cardPageMeta } from "~/routes/card.$id";
import { loader as pngLoader } from "~/routes/card.$id_.card[.]png";
import { loader as vcardLoader } from "~/routes/card.$id_.contact[.]vcf";
import { loader as ogLoader } from "~/routes/card.$id_.og[.]jpg";
import { loader as qrLoader } from "~/routes/card.$id_.qr[.]png";

import { sessionCookieFor } from "../support/accounts";
import { CARD_PROFILE } from "../support/card-profile";
import { setupTestDatabase } from "../support/database";
import { useTemporaryStorage } from "../support/storage";
import { EVIL_SITE, SITE, call, formErrors, formPost, formValues, getRequest, toastOf } from "../support/http";

const test = setupTestDatabase();
useTemporaryStorage("cards");

let designIds: Record<string, string>;
beforeAll(async () => {
  const rows = await test.db
    .insert(businessCardDesigns)
    .values(DEMO_CARD_DESIGNS.map((design, index) => ({ name: design.name, layout: design.layout, sortOrder: index })))
    .returning();
  designIds = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});

const PROFILE = CARD_PROFILE;

async function saveCard(userId: string, fields: Record<string, string>) {
  return call(cardFormAction, formPost("/app/business-card", fields, { cookie: await sessionCookieFor(userId) }));
}

const cardRow = async (userId: string) => (await test.db.select().from(businessCards).where(eq(businessCards.userId, userId)))[0];

/** The pixels of an image, for jsQR. */
async function decodeQr(image: Buffer) {
  const { data, info } = await sharp(image).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe("'My business card' (no JavaScript: one form post)", () => {
  it("saves the chosen design and the card's own fields; the card's page then shows it", async () => {
    const owner = await makeUser(PROFILE);
    const form = await call<{ saved: boolean; designs: { id: string; previewUrl: string }[] }>(
      cardFormLoader,
      getRequest("/app/business-card", { cookie: await sessionCookieFor(owner.id) }),
    );
    expect(form.data.saved).toBe(false);
    expect(form.data.designs).toHaveLength(DEMO_CARD_DESIGNS.length);
    expect(
      await call(cardPageLoader, getRequest(`/card/${businessCardIdFor(owner.id)}`), { id: businessCardIdFor(owner.id) }),
    ).toMatchObject({
      status: 404,
    });

    const reply = await saveCard(owner.id, {
      designId: designIds["Midnight Gold"],
      title: "Owner",
      tagline: "Fresh jalebi every morning",
      email: "Hello@KiranSweets.in",
      website: "kiransweets.in/menu",
      showMobile: "on",
    });
    expect(reply.location).toBe("/app/business-card");
    expect((await toastOf(reply))?.title).toBe("Business card saved");
    expect(await cardRow(owner.id)).toMatchObject({
      id: businessCardIdFor(owner.id),
      designId: designIds["Midnight Gold"],
      fields: {
        title: "Owner",
        tagline: "Fresh jalebi every morning",
        email: "hello@kiransweets.in",
        website: "https://kiransweets.in/menu",
        showMobile: true,
      },
    });

    const page = await call<{ cardSvg: string; url: string; previewImage: string }>(cardPageLoader, getRequest(`/card/x`), {
      id: businessCardIdFor(owner.id),
    });
    expect(page.status).toBe(200);
    expect(page.data.url).toBe(`${SITE}/card/${businessCardIdFor(owner.id)}`);
    // Every text in the drawing is escaped: the business name's HTML is shown as text.
    expect(page.data.cardSvg).toContain("Kiran &lt;b&gt;Sweets&lt;/b&gt; &amp; Co");
    expect(page.data.cardSvg).not.toContain("<b>");
    for (const shown of ["Owner", "+91 98123 45678", "+91 80234 56789", "hello@kiransweets.in", "kiransweets.in/menu", "Bengaluru"]) {
      expect(page.data.cardSvg).toContain(shown);
    }
    expect(page.data.previewImage).toMatch(new RegExp(`^${SITE}/card/${businessCardIdFor(owner.id)}/og\\.jpg\\?v=[0-9a-f]{16}$`));

    // Saving again changes the one card, never makes a second.
    await saveCard(owner.id, { designId: designIds["Minimal Mono"], title: "", tagline: "", email: "", website: "" });
    const rows = await test.db.select().from(businessCards).where(eq(businessCards.userId, owner.id));
    expect(rows).toEqual([expect.objectContaining({ designId: designIds["Minimal Mono"], fields: { showMobile: false } })]);
  });

  it("refuses bad input with a message for each, and changes nothing", async () => {
    const owner = await makeUser(PROFILE);
    await saveBusinessCard(owner.id, {
      designId: designIds["Classic Ivory"],
      title: "Owner",
      tagline: null,
      email: null,
      website: null,
      showMobile: true,
    });
    const before = await cardRow(owner.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ designId: "not-a-design" }, "designId", CHOOSE_A_DESIGN],
      [{ designId: "9f0c2d9e-8a4b-4c1e-9f2a-1b2c3d4e5f60" }, "designId", CHOOSE_A_DESIGN],
      [{ designId: designIds["Classic Ivory"], website: "javascript:alert(1)" }, "website", INVALID_WEBSITE],
      [{ designId: designIds["Classic Ivory"], website: "ftp://files.example.in" }, "website", INVALID_WEBSITE],
      [{ designId: designIds["Classic Ivory"], website: "https://user:pass@example.in" }, "website", INVALID_WEBSITE],
      [{ designId: designIds["Classic Ivory"], website: "localhost" }, "website", INVALID_WEBSITE],
      [{ designId: designIds["Classic Ivory"], email: "not an email" }, "email", "Please enter a valid email address"],
      [{ designId: designIds["Classic Ivory"], title: "x".repeat(61) }, "title", "Title must be at most 60 characters"],
      [{ designId: designIds["Classic Ivory"], tagline: "x".repeat(2000) }, "tagline", "Tagline must be at most 80 characters"],
      [{ designId: designIds["Classic Ivory"], title: "Own\u0000er" }, "title", "Remove the invisible control characters from this field"],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await saveCard(owner.id, fields);
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(formErrors(reply)?.[field]).toEqual([message]);
      expect((await toastOf(reply))?.title).toBe("Business card not saved");
    }
    expect(await cardRow(owner.id)).toEqual(before);
  });

  it("refuses a design the admin has withdrawn, but a card saved with it keeps it", async () => {
    const owner = await makeUser(PROFILE);
    const [withdrawn] = await test.db
      .insert(businessCardDesigns)
      .values({ name: "Old Design", layout: DEMO_CARD_DESIGNS[0].layout, isActive: true })
      .returning();
    await saveBusinessCard(owner.id, { designId: withdrawn.id, title: null, tagline: null, email: null, website: null, showMobile: true });
    await test.db.update(businessCardDesigns).set({ isActive: false }).where(eq(businessCardDesigns.id, withdrawn.id));
    expect(formErrors(await saveCard((await makeUser()).id, { designId: withdrawn.id }))?.designId).toEqual([CHOOSE_A_DESIGN]);
    expect((await call(cardPageLoader, getRequest("/card/x"), { id: businessCardIdFor(owner.id) })).status).toBe(200);
  });

  it("refuses a post from another site", async () => {
    const owner = await makeUser(PROFILE);
    const reply = await call(
      cardFormAction,
      formPost(
        "/app/business-card",
        { designId: designIds["Classic Ivory"] },
        { cookie: await sessionCookieFor(owner.id), origin: EVIL_SITE },
      ),
    );
    expect(reply.status).toBe(403);
    expect(await cardRow(owner.id)).toBeUndefined();
  });

  it("puts the card on the dashboard once saved", async () => {
    const owner = await makeUser(PROFILE);
    const dashboard = async () =>
      (
        await call<{ card: { cardPath: string; previewUrl: string } | null }>(
          dashboardLoader,
          getRequest("/app", { cookie: await sessionCookieFor(owner.id) }),
        )
      ).data.card;
    expect(await dashboard()).toBeNull();
    await saveBusinessCard(owner.id, {
      designId: designIds["Rose Blush"],
      title: null,
      tagline: null,
      email: null,
      website: null,
      showMobile: true,
    });
    expect(await dashboard()).toEqual({
      cardPath: `/card/${businessCardIdFor(owner.id)}`,
      previewUrl: expect.stringMatching(new RegExp(`^/app/business-card/preview/${designIds["Rose Blush"]}\\?v=[0-9a-f]{16}$`)),
    });
  });
});

describe("the card's public page and files", () => {
  async function savedCard(profile: Partial<typeof PROFILE> & { profileImageUrl?: string | null } = {}) {
    const owner = await makeUser({ ...PROFILE, ...profile });
    await saveBusinessCard(owner.id, {
      designId: designIds["Classic Ivory"],
      title: "Owner",
      tagline: null,
      email: "hello@kiransweets.in",
      website: "https://kiransweets.in",
      showMobile: true,
    });
    return { owner, cardId: businessCardIdFor(owner.id) };
  }

  it("is a 404 for an unknown id, a card never saved, and a suspended or deleted business, in every file alike", async () => {
    const { owner: suspended, cardId: suspendedCard } = await savedCard();
    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, suspended.id));
    const neverSaved = businessCardIdFor((await makeUser()).id);
    for (const id of ["not-a-uuid", "9f0c2d9e-8a4b-4c1e-9f2a-1b2c3d4e5f60", neverSaved, suspendedCard]) {
      for (const loader of [cardPageLoader, pngLoader, ogLoader, qrLoader, vcardLoader]) {
        expect((await call(loader, getRequest(`/card/${id}`), { id })).status).toBe(404);
      }
    }
  });

  it("saves as a contact: a vCard 3.0 with name, business, title, phones, email, address, website and photo", async () => {
    const owner = await makeUser(PROFILE);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#d35400" } })
      .jpeg()
      .toBuffer();
    const { url } = await storeImageUpload(owner.id, new Uint8Array(photo));
    await test.db.update(users).set({ profileImageUrl: url }).where(eq(users.id, owner.id));
    await saveBusinessCard(owner.id, {
      designId: designIds["Classic Ivory"],
      title: "Owner",
      tagline: null,
      email: "hello@kiransweets.in",
      website: null,
      showMobile: true,
    });
    const cardId = businessCardIdFor(owner.id);

    const reply = await call<string>(vcardLoader, getRequest(`/card/${cardId}/contact.vcf`), { id: cardId });
    expect(reply.headers.get("Content-Type")).toBe("text/vcard; charset=utf-8");
    expect(reply.headers.get("Content-Disposition")).toBe('attachment; filename="kiran-bsweetsb-co.vcf"');
    const vcard = new ICAL.Component(ICAL.parse(reply.data));
    const value = (name: string) => vcard.getFirstPropertyValue(name);
    expect([value("version"), value("fn"), value("org"), value("title"), value("email")]).toEqual([
      "3.0",
      "Kiran Rao",
      "Kiran <b>Sweets</b> & Co",
      "Owner",
      "hello@kiransweets.in",
    ]);
    expect(vcard.getAllProperties("tel").map((tel) => tel.getFirstValue())).toEqual(["+919812345678", "+918023456789"]);
    expect(vcard.getFirstProperty("adr")!.getValues().flat()).toEqual([
      "",
      "",
      "12th Main, Indiranagar",
      "Bengaluru",
      "Karnataka",
      "560038",
      "India",
    ]);
    // No website: the card's own page is the contact's link.
    expect(value("url")).toBe(`${SITE}/card/${cardId}`);
    const savedPhoto = await sharp(Buffer.from(String(value("photo")), "base64")).metadata();
    expect([savedPhoto.format, savedPhoto.width, savedPhoto.height]).toEqual(["jpeg", 256, 256]);
  });

  it("has a QR code that decodes to the card's page, on its own and on the drawn card", async () => {
    const { cardId } = await savedCard();
    const qr = await qrLoader({ request: getRequest(`/card/${cardId}/qr.png`), params: { id: cardId }, context: {} });
    expect(qr.headers.get("Content-Type")).toBe("image/png");
    expect(await decodeQr(Buffer.from(await qr.arrayBuffer()))).toBe(`${SITE}/card/${cardId}`);
  });

  it("draws the card as a print-size PNG (a download with ?download) and a 1200 × 630 link preview, cached under its version", async () => {
    const { cardId } = await savedCard();
    const page = await call<{ downloads: { png: string }; previewImage: string }>(cardPageLoader, getRequest("/card/x"), { id: cardId });
    const pngUrl = new URL(page.data.downloads.png, SITE);
    const png = await pngLoader({ request: new Request(pngUrl), params: { id: cardId }, context: {} });
    expect(png.headers.get("Content-Disposition")).toBe('attachment; filename="kiran-bsweetsb-co-card.png"');
    expect(png.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const drawn = Buffer.from(await png.arrayBuffer());
    expect(await sharp(drawn).metadata()).toMatchObject({ format: "png", width: 2100, height: 1200 });
    // The QR code drawn on the card scans too.
    const corner = await sharp(drawn).extract({ left: 1640, top: 720, width: 440, height: 440 }).toBuffer();
    expect(await decodeQr(corner)).toBe(`${SITE}/card/${cardId}`);

    const og = await ogLoader({ request: new Request(page.data.previewImage), params: { id: cardId }, context: {} });
    expect(await sharp(Buffer.from(await og.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // An old or made-up version is served (the current drawing) but not kept for long.
    const stale = await ogLoader({ request: new Request(`${SITE}/card/${cardId}/og.jpg?v=0000`), params: { id: cardId }, context: {} });
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("gets a new version, so new image URLs, when the profile it is filled from changes", async () => {
    const { owner, cardId } = await savedCard();
    const version = async () =>
      (await call<{ previewImage: string }>(cardPageLoader, getRequest("/card/x"), { id: cardId })).data.previewImage;
    const before = await version();
    await test.db.update(users).set({ businessName: "Kiran Sweets" }).where(eq(users.id, owner.id));
    expect(await version()).not.toBe(before);
  });

  it("shows the business's own design previews to the business alone", async () => {
    const { owner } = await savedCard();
    const preview = await call<string>(
      previewLoader,
      getRequest(`/app/business-card/preview/${designIds["Peacock Teal"]}`, { cookie: await sessionCookieFor(owner.id) }),
      { designId: designIds["Peacock Teal"] },
    );
    expect(preview.headers.get("Content-Type")).toBe("image/webp");
    expect(preview.headers.get("Cache-Control")).toMatch(/^private, /);
    const signedOut = await call(previewLoader, getRequest(`/app/business-card/preview/${designIds["Peacock Teal"]}`), {
      designId: designIds["Peacock Teal"],
    });
    expect(signedOut.location).toMatch(/^\/login/);
    const unknown = await call(previewLoader, getRequest("/app/business-card/preview/x", { cookie: await sessionCookieFor(owner.id) }), {
      designId: "9f0c2d9e-8a4b-4c1e-9f2a-1b2c3d4e5f60",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("the owner's personal mobile on the card", () => {
  const MOBILE_DIGITS = /98123\s?45678|9812345678/;

  async function fetchAll(cardId: string) {
    const page = await call<Record<string, unknown> & { cardSvg: string; downloads: { png: string }; previewImage: string }>(
      cardPageLoader,
      getRequest(`/card/${cardId}`),
      { id: cardId },
    );
    const meta = cardPageMeta({ data: page.data } as unknown as Parameters<typeof cardPageMeta>[0]);
    const vcard = await call<string>(vcardLoader, getRequest(`/card/${cardId}/contact.vcf`), { id: cardId });
    const image = async (loader: typeof pngLoader, url: string) =>
      Buffer.from(await (await loader({ request: new Request(new URL(url, SITE)), params: { id: cardId }, context: {} })).arrayBuffer());
    return {
      page: page.data,
      meta: JSON.stringify(meta),
      vcard: vcard.data,
      png: await image(pngLoader, page.data.downloads.png),
      og: await image(ogLoader, page.data.previewImage),
    };
  }

  /** The card's drawings as they would be made from this profile and these fields, built here, apart from the routes. */
  async function drawingsOf(cardId: string, profile: CardProfile, fields: BusinessCardFields) {
    const content = cardContentOf(profile, fields, { photoHref: null, qrSvg: await qrCodeSvg(`${SITE}/card/${cardId}`) });
    const design = DEMO_CARD_DESIGNS.find((each) => each.name === "Classic Ivory")!.layout;
    return { png: await cardImage("png", content, design), og: await cardImage("og", content, design) };
  }

  it("is left off the page, its text, the PNG, the link preview and the contact file when the owner unticks it", async () => {
    const owner = await makeUser(PROFILE);
    const cardId = businessCardIdFor(owner.id);
    // The form without the box ticked: the checkbox sends nothing.
    const reply = await saveCard(owner.id, { designId: designIds["Classic Ivory"], title: "Owner" });
    expect(reply.location).toBe("/app/business-card");
    expect((await cardRow(owner.id)).fields).toEqual({ title: "Owner", showMobile: false });

    const shown = await fetchAll(cardId);
    expect(JSON.stringify(shown.page)).not.toMatch(MOBILE_DIGITS);
    expect(shown.meta).not.toMatch(MOBILE_DIGITS);
    expect(shown.page).toMatchObject({ phones: ["+918023456789"], mobileNumber: null });
    expect(shown.page.cardSvg).toContain("+91 80234 56789");
    expect(shown.vcard).not.toMatch(MOBILE_DIGITS);
    const vcard = new ICAL.Component(ICAL.parse(shown.vcard));
    expect(vcard.getAllProperties("tel").map((tel) => tel.getFirstValue())).toEqual(["+918023456789"]);

    // The PNG and the link preview are exactly the card drawn without the mobile, and not the card with it.
    const profile = { ...PROFILE, profileImageUrl: null };
    const without = await drawingsOf(cardId, { ...profile, mobileNumber: null }, { title: "Owner" });
    const withMobile = await drawingsOf(cardId, profile, { title: "Owner" });
    expect(shown.png.equals(without.png)).toBe(true);
    expect(shown.og.equals(without.og)).toBe(true);
    expect(shown.png.equals(withMobile.png)).toBe(false);
    expect(shown.og.equals(withMobile.og)).toBe(false);

    // The chooser's previews follow the choice too.
    const previews = await call<{ designs: Array<{ id: string; previewUrl: { on: string; off: string } }> }>(
      cardFormLoader,
      getRequest("/app/business-card", { cookie: await sessionCookieFor(owner.id) }),
    );
    const { previewUrl } = previews.data.designs.find((design) => design.id === designIds["Classic Ivory"])!;
    expect(previewUrl.off).toMatch(/[?&]mobile=off/);
    expect(previewUrl.on).not.toBe(previewUrl.off.replace("mobile=off", "mobile=on"));
  });

  it("is on the card when ticked, and on a card saved before the choice existed", async () => {
    const ticked = await makeUser(PROFILE);
    await saveCard(ticked.id, { designId: designIds["Classic Ivory"], showMobile: "on" });
    const older = await makeUser(PROFILE);
    await test.db
      .insert(businessCards)
      .values({ userId: older.id, id: businessCardIdFor(older.id), designId: designIds["Classic Ivory"], fields: { title: "Owner" } });
    for (const owner of [ticked, older]) {
      const shown = await fetchAll(businessCardIdFor(owner.id));
      expect(shown.page).toMatchObject({ phones: ["+919812345678", "+918023456789"], mobileNumber: "+919812345678" });
      expect(shown.page.cardSvg).toContain("+91 98123 45678");
      expect(shown.vcard).toContain("TEL;TYPE=CELL,VOICE:+919812345678");
    }
  });

  it("keeps the business phone when it is the same number, saying so before saving", async () => {
    const owner = await makeUser({ ...PROFILE, businessPhone: PROFILE.mobileNumber });
    await saveCard(owner.id, { designId: designIds["Classic Ivory"] });
    const shown = await fetchAll(businessCardIdFor(owner.id));
    expect(shown.page).toMatchObject({ phones: ["+919812345678"], mobileNumber: null });
    expect(shown.vcard).toContain("TEL;TYPE=WORK,VOICE:+919812345678");
    expect(shown.vcard).not.toContain("TYPE=CELL");
  });

  it("gives the form what it needs to say, before saving, what becomes public; a refused form keeps the choices", async () => {
    const owner = await makeUser(PROFILE);
    const cookie = await sessionCookieFor(owner.id);
    const form = await call<{ profile: Record<string, unknown>; fields: Record<string, unknown>; cardUrl: string }>(
      cardFormLoader,
      getRequest("/app/business-card", { cookie }),
    );
    // A new card starts with the mobile on, as every card had it before the choice existed.
    expect(form.data.fields).toMatchObject({ showMobile: true });
    expect(form.data.profile).toMatchObject({ name: "Kiran Rao", mobileNumber: "+919812345678", businessPhone: "+918023456789" });
    expect(form.data.cardUrl).toBe(`${SITE}/card/${businessCardIdFor(owner.id)}`);

    const refused = await saveCard(owner.id, { designId: designIds["Rose Blush"], website: "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    expect(formValues(refused)).toMatchObject({ designId: designIds["Rose Blush"] });
    expect(formValues(refused)).not.toHaveProperty("showMobile");
    expect(await cardRow(owner.id)).toBeUndefined();
  });
});
