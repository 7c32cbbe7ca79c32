import { randomBytes } from "node:crypto";

import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import { config } from "~/config.server";
import { analyseSms, fillSlots } from "~/lib/sms-text";
import { addCreditPack, setCreditPackOnSale } from "~/models/admin-pricing.server";
import { keepFirstPageVersions } from "~/models/admin-pages.server";
import { createAdminAccount } from "~/models/admins.server";
import { adjustBusinessCredits, suspendBusiness } from "~/models/admin-users.server";
import { listCardDesigns, saveBusinessCard } from "~/models/business-cards.server";
import { createCampaign, sendCampaign, updateSmsRegistration } from "~/models/campaigns.server";
import { createOwnSmsTemplate, ownSmsTemplateInputSchema } from "~/models/sms-templates.server";
import { chargeCredits, grantCredits } from "~/models/credits.server";
import { fileReport } from "~/models/post-reports.server";
import { publishPost } from "~/models/posts.server";
import { createCreditOrder, receivePaymentWebhook } from "~/models/payments.server";
import { DEFAULT_CREDIT_PACKS, DEFAULT_PRICES, listCreditPacks, priceOf } from "~/models/pricing.server";
import { payTestLink, testGateway, testGatewaySecrets, testWebhookFor } from "~/models/test-gateway.server";
import { addDays, fromIndianDateTime } from "~/lib/india-days";
import { formatDayMonth, indianDate } from "~/lib/india-time";
import type { PostReportReason } from "~/lib/post-report";
import { indianMobileE164 } from "~/lib/phone-number.server";
import { importContactsNow } from "~/models/contact-import.server";
import type { FileStorage } from "~/services/storage.server";

import { db } from "../db.server";
import {
  admins,
  businessCardDesigns,
  campaignEvents,
  campaigns,
  categories,
  contacts,
  pages,
  postLikes,
  posts,
  postViews,
  creditPacks,
  priceHistory,
  pricing,
  smsMessages,
  templateCategories,
  templates,
  users,
  type SlotFill,
} from "../schema";

import {
  DEMO_BUSINESSES,
  DEMO_CARD_DESIGNS,
  DEMO_CATEGORIES,
  DEMO_CONTACT_GROUPS,
  DEMO_CONTACT_NAMES,
  DEMO_IMPORT_CSV,
  DEMO_PAGES,
  DEMO_POSTS,
  DEMO_TEMPLATE_CATEGORIES,
  DEMO_TEMPLATES,
  type DemoBusiness,
} from "./demo-content";
import { seededRandom, uuidFromName } from "./deterministic";
import { makeContact, makeUser, postValues, type ConsentEntry } from "./factories.server";
import { renderDemoLogo, renderDemoPhoto } from "./images.server";
import { LEARN_ARTICLES } from "./learn-articles";
import { renderTemplateImage, type TemplateImageName } from "./template-images.server";

/** The prices every installation starts with (the pricing home keeps them). */
export const DEFAULT_PRICING = DEFAULT_PRICES;

/** The demo business account whose credentials the README gives. */
export const DEMO_USER = {
  email: "demo@isent.example.in",
  password: "demo12345",
  business: {
    slug: "demo-ashas-kitchen",
    ownerName: "Asha Verma",
    businessName: "Asha's Kitchen",
    email: "demo@isent.example.in",
    mobileNumber: "9876543210",
    category: "Restaurant",
    businessCategories: ["Restaurant", "Bakery"],
    details: "Home-style North Indian thalis, fresh rotis and weekend biryani, cooked in small batches since 2016.",
    address: "14, 12th Main Road, HAL 2nd Stage, Indiranagar",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560038",
    lat: 12.97194,
    lon: 77.64115,
    gstNumber: "29ABCDE1234F1Z5",
  } satisfies DemoBusiness,
};

const DEMO_POST_COUNT = 300;
const DEMO_DAYS = 30;
const IMAGES_PER_CATEGORY = 6;
const BATCH = 1000;

type SeedLog = (message: string) => void;

/**
 * What every installation needs: pricing, the information pages and /learn articles, categories,
 * templates, card designs and the admin account. Never overwrites an edit.
 * Writes to the process-wide database (db()), as the models it calls do.
 */
export async function seedEssentials(options: { adminEmail: string; adminPassword?: string; storage: FileStorage; log?: SeedLog }) {
  const log = options.log ?? (() => {});
  // A price seeded now is the first entry of its history (an edited one is left as it is).
  await db().transaction(async (tx) => {
    const added = await tx
      .insert(pricing)
      .values([...DEFAULT_PRICING])
      .onConflictDoNothing()
      .returning({ key: pricing.key, credits: pricing.credits });
    if (added.length) await tx.insert(priceHistory).values(added.map((price) => ({ priceKey: price.key, credits: price.credits })));
  });
  // Packs are seeded once: a pack the admin renamed or withdrew is not brought back.
  const [anyPack] = await db().select({ id: creditPacks.id }).from(creditPacks).limit(1);
  if (!anyPack)
    await db()
      .insert(creditPacks)
      .values([...DEFAULT_CREDIT_PACKS]);
  await db()
    .insert(pages)
    .values(Object.entries(DEMO_PAGES).map(([slug, page]) => ({ slug, kind: "information" as const, ...page })))
    .onConflictDoNothing();
  await db()
    .insert(pages)
    .values(LEARN_ARTICLES.map((article, index) => ({ ...article, kind: "article" as const, sortOrder: index })))
    .onConflictDoNothing();
  await keepFirstPageVersions();
  await db()
    .insert(categories)
    .values(DEMO_CATEGORIES.map((name, index) => ({ id: uuidFromName(`category:${name}`), name, sortOrder: index })))
    .onConflictDoNothing();
  await db()
    .insert(templateCategories)
    .values(DEMO_TEMPLATE_CATEGORIES.map((name, index) => ({ id: uuidFromName(`template-category:${name}`), name, sortOrder: index })))
    .onConflictDoNothing();
  // Resolve by name: an existing installation may have its own ids for these categories.
  const templateCategoryRows = await db().select().from(templateCategories);
  const templateCategoryId = new Map(templateCategoryRows.map((row) => [row.name.toLowerCase(), row.id]));
  const templateImages = await ensureTemplateImages(options.storage);
  await db()
    .insert(templates)
    .values(
      DEMO_TEMPLATES.map((template, index) => ({
        id: uuidFromName(`template:${template.title}`),
        categoryId: templateCategoryId.get(template.category.toLowerCase()) ?? null,
        kind: template.kind,
        title: template.title,
        content: template.content,
        hashtags: template.hashtags ?? [],
        offer: template.offer ?? null,
        imageUrl: template.image ? templateImages.get(template.image) : null,
        smsCategory: template.sms?.category ?? null,
        dltTemplateId: template.sms?.dltTemplateId ?? null,
        slotHints: template.sms?.slotHints ?? [],
        sortOrder: index,
      })),
    )
    .onConflictDoNothing();
  await db()
    .insert(businessCardDesigns)
    .values(
      DEMO_CARD_DESIGNS.map((design, index) => ({
        id: uuidFromName(`card-design:${design.name}`),
        name: design.name,
        layout: design.layout,
        sortOrder: index,
      })),
    )
    .onConflictDoNothing();
  await ensureAdminAccount(options.adminEmail, options.adminPassword, log);
}

/** The admin account, made once by the model /admin/create-user uses. */
async function ensureAdminAccount(email: string, password: string | undefined, log: SeedLog) {
  if (await accountIdByEmail(email)) return;
  const chosenPassword = password ?? randomBytes(12).toString("base64url");
  await createAdminAccount({ email, password: chosenPassword, name: "Administrator" });
  if (password) log(`Admin account created for ${email} with the password from ADMIN_PASSWORD.`);
  else log(`Admin account created: ${email} / ${chosenPassword}  (shown once; set ADMIN_PASSWORD to choose it)`);
}

async function accountIdByEmail(email: string): Promise<string | null> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row?.id ?? null;
}

/** True when no business or admin has been created yet: the first start of a new database. */
export async function isDatabaseEmpty(): Promise<boolean> {
  const [row] = await db().select({ total: count() }).from(users);
  return row.total === 0;
}

/**
 * The demo neighbourhood: ~30 businesses in Indian cities, the demo user, ~300
 * posts and offers over the last 30 days with pictures, likes and views.
 * Businesses are made by the user factory (createAccount, verified: an opening
 * balance with its ledger row) and found again by email; posts have stable ids; so a
 * second run adds nothing.
 */
export async function seedDemoData(storage: FileStorage, options: { now?: Date; log?: SeedLog } = {}) {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const random = seededRandom(20261122);

  const photosByCategory = await ensureDemoPhotos(storage);
  const businesses = [...DEMO_BUSINESSES, DEMO_USER.business];
  const businessIds = new Map<string, string>();

  for (const [index, business] of businesses.entries()) {
    const existing = await accountIdByEmail(business.email);
    if (existing) {
      businessIds.set(business.slug, existing);
      continue;
    }
    const isDemoUser = business === DEMO_USER.business;
    let profileImageUrl: string | null = null;
    if (index % 3 !== 2) profileImageUrl = await ensureDemoLogo(storage, business, index);
    const account = await makeUser({
      email: business.email,
      // Only the demo user signs in with a password; the other demo businesses cannot.
      password: isDemoUser ? DEMO_USER.password : undefined,
      name: business.ownerName,
      businessName: business.businessName,
      businessDetails: business.details,
      businessPhone: business.mobileNumber,
      mobileNumber: business.mobileNumber,
      gstNumber: business.gstNumber,
      businessCategories: business.businessCategories,
      address: business.address,
      city: business.city,
      state: business.state,
      postalCode: business.postalCode,
      lat: business.lat,
      lon: business.lon,
      profileImageUrl,
      onboardingCompleted: true,
      // The demo owners' addresses are ours: verified, with their opening balance.
      verified: true,
      createdAt: new Date(now.getTime() - (DEMO_DAYS + 10) * 86_400_000),
    });
    businessIds.set(business.slug, account.id);
    await seedDemoCard(account.id, business, index, isDemoUser);
    if (isDemoUser) {
      await seedDemoContacts(account.id, now);
      await seedDemoSmsRegistration(account.id);
    }
  }

  const postRows: Array<typeof posts.$inferInsert> = [];
  const likeRows: Array<typeof postLikes.$inferInsert> = [];
  const viewRows: Array<typeof postViews.$inferInsert> = [];
  for (let index = 0; index < DEMO_POST_COUNT; index++) {
    const business = random.pick(businesses);
    const samples = DEMO_POSTS[business.category];
    const isOffer = random.next() < 0.25;
    const createdAt = new Date(now.getTime() - Math.floor(random.next() * DEMO_DAYS * 86_400_000));
    const fill = (text: string) => text.replaceAll("{city}", business.city).replaceAll("{business}", business.businessName);
    const offer = isOffer ? random.pick(samples.offers) : null;
    const content = fill(offer ? offer.content : random.pick(samples.updates));
    const photos = photosByCategory.get(business.category) ?? [];
    const imageCount = Math.min(random.weighted([30, 30, 15, 10, 7, 4, 4]), photos.length);
    const firstPhoto = random.int(0, photos.length - 1);
    const id = uuidFromName(`post:${index}`);
    postRows.push(
      postValues({
        id,
        userId: businessIds.get(business.slug)!,
        kind: isOffer ? "offer" : "update",
        content,
        images: Array.from({ length: imageCount }, (_, offset) => photos[(firstPhoto + offset) % photos.length]),
        category: business.category,
        // A post is placed a short walk from its shop, as a phone's location would be.
        lat: round5(business.lat + (random.next() - 0.5) * 0.004),
        lon: round5(business.lon + (random.next() - 0.5) * 0.004),
        city: business.city,
        state: business.state,
        country: "India",
        offerTitle: offer ? fill(offer.title) : null,
        couponCode: offer?.couponCode ?? null,
        offerTerms: offer?.terms ?? null,
        validFrom: offer ? createdAt : null,
        validUntil: offer ? new Date(createdAt.getTime() + random.int(7, 45) * 86_400_000) : null,
        callToActionType: offer?.callToAction ?? null,
        createdAt,
        updatedAt: createdAt,
      }),
    );
    const likes = random.int(0, 45);
    const views = likes + random.int(8, 160);
    // Most people see a post in its first days, fewer later: each view and like at its own time since.
    const since = now.getTime() - createdAt.getTime();
    for (let visitor = 0; visitor < views; visitor++) {
      const visitorId = `seed-visitor-${random.int(1, 5000)}`;
      const seenAt = new Date(createdAt.getTime() + Math.floor(random.next() ** 3 * since));
      viewRows.push({ postId: id, visitorId, createdAt: seenAt });
      if (visitor < likes) likeRows.push({ postId: id, visitorId, createdAt: seenAt });
    }
  }

  postRows.push(
    ...demoBurst(
      DEMO_USER.business,
      businessIds.get(DEMO_USER.business.slug)!,
      photosByCategory.get(DEMO_USER.business.category) ?? [],
      now,
    ),
  );

  for (let start = 0; start < postRows.length; start += BATCH) {
    await db()
      .insert(posts)
      .values(postRows.slice(start, start + BATCH))
      .onConflictDoNothing();
  }
  for (let start = 0; start < likeRows.length; start += BATCH) {
    await db()
      .insert(postLikes)
      .values(likeRows.slice(start, start + BATCH))
      .onConflictDoNothing();
  }
  for (let start = 0; start < viewRows.length; start += BATCH) {
    await db()
      .insert(postViews)
      .values(viewRows.slice(start, start + BATCH))
      .onConflictDoNothing();
  }
  // The counters always agree with the rows behind them.
  const seededIds = postRows.map((row) => row.id as string);
  await db()
    .update(posts)
    .set({
      likesCount: sql`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`,
      viewsCount: sql`(select count(*)::int from ${postViews} where ${postViews.postId} = ${posts.id})`,
    })
    .where(inArray(posts.id, seededIds));

  await seedDemoUserHistory(businessIds.get(DEMO_USER.business.slug)!, now);
  await seedDemoReports();
  await seedDemoPurchase(businessIds.get(DEMO_USER.business.slug)!);
  await seedDemoPricingChanges();
  await seedDemoCampaigns(businessIds.get(DEMO_USER.business.slug)!, now);
  await seedDemoAdminActions(businessIds.get(DEMO_BUSINESSES[0].slug)!);

  const [totals] = await db()
    .select({ likes: sql<number>`sum(${posts.likesCount})::int`, views: sql<number>`sum(${posts.viewsCount})::int` })
    .from(posts)
    .where(inArray(posts.id, seededIds));
  log(`Demo data: ${businesses.length} businesses, ${postRows.length} posts, ${totals.likes} likes, ${totals.views} views.`);
}

/**
 * The demo business posted the same weekend offer five times in the last hour: the top of the demo
 * feed shows two of them, the other three moved down among other businesses' posts (the fair feed, lib/fair-feed.ts). The
 * newest has every photo of its kind (a grid with '+N'), the others one.
 */
function demoBurst(business: DemoBusiness, userId: string, photos: string[], now: Date): Array<typeof posts.$inferInsert> {
  return Array.from({ length: 5 }, (_, index) => {
    const createdAt = new Date(now.getTime() - (10 + index * 12) * 60_000);
    return postValues({
      id: uuidFromName(`post:burst:${index}`),
      userId,
      kind: "offer",
      content: `Weekend biryani: 20% off every family pack this Saturday and Sunday${index ? ` (${index + 1})` : ""}. Order on WhatsApp. #biryani`,
      hashtags: ["biryani"],
      images: index === 0 ? photos : photos.slice(index % Math.max(photos.length, 1), (index % Math.max(photos.length, 1)) + 1),
      category: business.category,
      lat: business.lat,
      lon: business.lon,
      city: business.city,
      state: business.state,
      country: "India",
      offerTitle: "20% off family biryani packs",
      validFrom: createdAt,
      validUntil: new Date(createdAt.getTime() + 7 * 86_400_000),
      callToActionType: "whatsapp",
      createdAt,
      updatedAt: createdAt,
    });
  });
}

/** Visitors' reports waiting on /admin/feed: the repeated weekend offer as spam, and a few others (filed as visitors file them). */
const DEMO_REPORTS: Array<{ post: string; reason: PostReportReason; details?: string }> = [
  { post: "post:burst:4", reason: "spam", details: "The same biryani offer five times in an hour." },
  { post: "post:burst:4", reason: "spam" },
  { post: "post:burst:3", reason: "spam" },
  { post: "post:burst:4", reason: "misleading", details: "The shop said the pack price is different." },
  { post: "post:17", reason: "offensive" },
  { post: "post:42", reason: "scam", details: "Asked me to pay on a UPI link before seeing anything." },
];

/**
 * The demo business has its own DLT registration and one template DLT approved for it, so its
 * settings, /campaigns/templates and the composer's own list show what a registered shop sees.
 */
async function seedDemoSmsRegistration(userId: string) {
  const registered = await updateSmsRegistration(userId, { dltEntityId: "1101456789012345678", senderHeader: "ASHASK" });
  if (!registered.ok) throw new Error(`Demo DLT registration refused: ${registered.message}`);
  const input = ownSmsTemplateInputSchema().parse({
    name: "Thali of the day",
    text: "Asha's Kitchen: today's thali is {#var#}, Rs {#var#} till 3 pm. Reserve on 9876543210.",
    dltTemplateId: "1107172600000001234",
    category: "promotional",
    providerTemplateId: "asha-thali-of-the-day",
    slotHints: "Today's dishes\nPrice in rupees",
  });
  const made = await createOwnSmsTemplate(userId, input);
  if (!made.ok) throw new Error(`Demo SMS template refused: ${made.message}`);
}

async function seedDemoReports() {
  for (const [index, report] of DEMO_REPORTS.entries()) {
    // A report of a post the feed no longer shows (an offer that ended) is refused, as a visitor's would be.
    await fileReport({
      postId: uuidFromName(report.post),
      visitorId: `seed-reporter-${index}`,
      reason: report.reason,
      details: report.details ?? null,
    });
  }
}

/**
 * The demo business's posts history shows every status: one post it hid, one the admin removed
 * (with the reason), and one scheduled for tomorrow morning (published through the model: paid,
 * with its ledger row).
 */
async function seedDemoUserHistory(userId: string, now: Date) {
  const own = await db()
    .select({ id: posts.id, kind: posts.kind })
    .from(posts)
    .where(and(eq(posts.userId, userId), eq(posts.status, "live")))
    .orderBy(desc(posts.createdAt));
  const updates = own.filter((post) => post.kind === "update");
  if (updates.length >= 3) {
    await db().update(posts).set({ status: "hidden" }).where(eq(posts.id, updates[1].id));
    await db()
      .update(posts)
      .set({ status: "removed", removedReason: "The picture is from another business's page. Post your own photos." })
      .where(eq(posts.id, updates[2].id));
  }
  const tomorrowMorning = fromIndianDateTime(`${addDays(indianDate(now), 1)}T09:00`)!;
  await publishPost(
    userId,
    {
      kind: "update",
      content: "Tomorrow's lunch special: Rajasthani thali with dal baati churma, ₹220. Pre-book on WhatsApp. #thalitime",
      hashtags: ["lunch"],
      category: "Restaurant",
      images: [],
      place: null,
      offerTitle: null,
      couponCode: null,
      offerTerms: null,
      validFrom: null,
      validUntil: null,
      callToActionType: null,
      callToActionUrl: null,
      publishAt: tomorrowMorning,
    },
    "seed:scheduled-thali",
  );
}

/**
 * The demo business bought the 500-credit pack, so /credits shows a purchase with its GST
 * invoice: ordered, paid and credited through the models and the built-in test gateway (whatever
 * gateway the installation uses: no money moves for demo data).
 */
async function seedDemoPurchase(userId: string) {
  const setup = { gateway: testGateway, secrets: testGatewaySecrets() };
  const [buyer] = await db()
    .select({ id: users.id, email: users.email, businessName: users.businessName })
    .from(users)
    .where(eq(users.id, userId));
  const pack = (await listCreditPacks()).find((candidate) => candidate.credits === 500);
  if (!buyer || !pack) return;
  const order = await createCreditOrder(buyer, pack.id, "seed:demo-purchase", setup);
  if (!order.ok || !order.order.paymentLinkId) return;
  await payTestLink(order.order.paymentLinkId);
  const webhook = await testWebhookFor(order.order.paymentLinkId);
  if (webhook) await receivePaymentWebhook(webhook.rawBody, webhook.signature, setup);
}

/** A demo business that posted misleading loan offers: suspended by the admin (it has no posts, so the demo feed is as it was). */
const SUSPENDED_DEMO = { email: "rakesh@quickcashloans.example.in", name: "Rakesh Jain", businessName: "Quick Cash Loans", city: "Pune" };

/**
 * What /admin/users and its audit trail show on a new installation, done by the admin through the
 * admin models: a goodwill credit to one demo business (the nonce makes a second run add nothing),
 * and one business suspended.
 */
async function seedDemoAdminActions(goodwillBusinessId: string) {
  const [admin] = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.email, config.ADMIN_EMAIL)));
  if (!admin) return;
  await adjustBusinessCredits(admin, {
    userId: goodwillBusinessId,
    direction: "add",
    amount: 250,
    reason: "Goodwill credit: an SMS campaign was held up by the gateway outage on Monday.",
    nonce: "seed:demo-goodwill",
  });
  if (await accountIdByEmail(SUSPENDED_DEMO.email)) return;
  const spammer = await makeUser({ ...SUSPENDED_DEMO, mobileNumber: "9822012345", onboardingCompleted: true, verified: true });
  await suspendBusiness(admin, {
    userId: spammer.id,
    reason: "Posted misleading instant-loan offers; several visitors reported them.",
  });
}

/**
 * The admin's pricing manager has something to show: a festive pack added last Diwali and
 * withdrawn since, through the admin's own model (so the audit trail has the two rows). A second
 * run finds the name taken and the pack withdrawn, and changes nothing.
 */
async function seedDemoPricingChanges() {
  const [admin] = await db().select({ id: admins.userId, email: admins.email }).from(admins).limit(1);
  if (!admin) return;
  const added = await addCreditPack(admin, { name: "Diwali Special", credits: 1200, pricePaise: 999_00 });
  if (added.ok) await setCreditPackOnSale(admin, added.packId, false);
}

/** A platform SMS template by its title (they are seeded before the demo data). */
async function platformSmsTemplate(title: string) {
  const [template] = await db()
    .select({ id: templates.id, content: templates.content })
    .from(templates)
    .where(and(eq(templates.kind, "sms"), eq(templates.title, title), isNull(templates.userId)));
  return template ?? null;
}

/** What happened to each message of the demo's sent campaign, in order; the rest were delivered. */
const DEMO_SENT_OUTCOMES: ReadonlyArray<Pick<typeof smsMessages.$inferInsert, "status" | "failureReason"> & { taken: boolean }> = [
  { status: "skipped", failureReason: "Opted out", taken: false },
  { status: "failed", failureReason: "The SMS provider did not accept it", taken: false },
  { status: "undelivered", failureReason: "Number switched off", taken: true },
  { status: "failed", failureReason: "DND registered", taken: true },
];

/**
 * The demo business's campaigns, so /campaigns and /sms-history look lived-in: a Diwali offer sent
 * three days ago (mostly delivered, two failed, one failed before the provider took it and one
 * skipped, those two refunded: its rows written as the dispatch worker and delivery reports leave
 * them, paid and refunded through the credits model), one scheduled for tomorrow at 10:00 in India
 * and a draft (both through the campaign model). Stable ids and keys: a second run adds nothing.
 */
async function seedDemoCampaigns(userId: string, now: Date) {
  await seedDemoSentCampaign(userId, now);
  const invitation = await platformSmsTemplate("Event invitation");
  const flashSale = await platformSmsTemplate("Flash sale alert");
  if (!invitation || !flashSale) return;
  const tomorrowAtTen = fromIndianDateTime(`${addDays(indianDate(now), 1)}T10:00`)!;
  const scheduled = await createCampaign(
    userId,
    {
      name: "Tasting evening invitation",
      templateId: invitation.id,
      message: null,
      slotFills: [{ source: "contact_name" }, { source: "business_name" }, { source: "fixed", value: "Saturday" }],
      audience: { tags: ["Regulars"] },
      sendAt: tomorrowAtTen,
    },
    { idempotencyKey: "seed:campaign-scheduled" },
  );
  // A second run finds it made and already scheduled (the send is refused, and changes nothing).
  if (scheduled.ok && scheduled.campaign.status === "draft") await sendCampaign(userId, scheduled.campaign.id);
  await createCampaign(
    userId,
    {
      name: "Weekend flash sale",
      templateId: flashSale.id,
      message: null,
      slotFills: [{ source: "contact_name" }, { source: "business_name" }, { source: "fixed", value: "20%" }],
      audience: { all: true },
      sendAt: null,
    },
    { idempotencyKey: "seed:campaign-draft" },
  );
}

async function seedDemoSentCampaign(userId: string, now: Date) {
  const template = await platformSmsTemplate("Diwali offer SMS");
  const [business] = await db().select({ businessName: users.businessName }).from(users).where(eq(users.id, userId));
  if (!template || !business) return;
  // The first is a customer who had replied STOP by the time its turn came (skipped); the others had not.
  const customers = (optedOut: boolean, limit: number) =>
    db()
      .select({ id: contacts.id, name: contacts.name, mobileNumber: contacts.mobileNumber })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.optedOut, optedOut)))
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(limit);
  const recipients = [...(await customers(true, 1)), ...(await customers(false, 13))];
  const price = await priceOf("sms");
  const id = uuidFromName("campaign:demo-diwali");
  const startedAt = fromIndianDateTime(`${addDays(indianDate(now), -3)}T11:00`)!;
  const later = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);
  const fills: SlotFill[] = [
    { source: "contact_name" },
    { source: "business_name" },
    { source: "fixed", value: "kaju katli and soan papdi" },
  ];
  const messages = recipients.map((contact, index) => {
    const body = fillSlots(template.content, [contact.name, business.businessName, "kaju katli and soan papdi"]);
    const { parts, encoding } = analyseSms(body);
    const outcome = DEMO_SENT_OUTCOMES[index] ?? { status: "delivered" as const, failureReason: null, taken: true };
    return {
      id: uuidFromName(`campaign:demo-diwali:${index}`),
      userId,
      campaignId: id,
      contactId: contact.id,
      toNumber: contact.mobileNumber,
      body,
      parts,
      encoding,
      cost: parts * price,
      status: outcome.status,
      failureReason: outcome.failureReason,
      attempts: outcome.status === "skipped" ? 0 : outcome.taken ? 1 : 5,
      provider: outcome.taken ? "simulator" : null,
      providerMessageId: outcome.taken ? `sim-demo-${index}` : null,
      submittedAt: outcome.taken ? later(2) : null,
      finishedAt: later(outcome.taken ? 8 : 4),
      createdAt: startedAt,
    };
  });
  const cost = messages.reduce((sum, message) => sum + message.cost, 0);
  // Refunded at settlement: what never reached the provider.
  const refunded = messages.filter((message) => message.submittedAt === null).reduce((sum, message) => sum + message.cost, 0);
  if (cost === 0) return;
  await db().transaction(async (tx) => {
    const [made] = await tx
      .insert(campaigns)
      .values({
        id,
        userId,
        name: "Diwali sweets offer",
        templateId: template.id,
        message: template.content,
        slotFills: fills,
        audience: { contactIds: recipients.map((contact) => contact.id) },
        category: "promotional",
        senderHeader: config.SMS_SENDER_HEADER,
        dltEntityId: config.SMS_DLT_ENTITY_ID,
        status: "sent",
        startsAt: startedAt,
        startedAt,
        completedAt: later(4),
        recipientsCount: messages.length,
        cost,
        refunded,
        settledAt: later(9),
        createdAt: new Date(startedAt.getTime() - 20 * 60_000),
        updatedAt: later(9),
      })
      .onConflictDoNothing()
      .returning({ id: campaigns.id });
    if (!made) return;
    await tx.insert(campaignEvents).values([
      { campaignId: id, fromStatus: null, toStatus: "draft", reason: "Created", createdAt: new Date(startedAt.getTime() - 20 * 60_000) },
      { campaignId: id, fromStatus: "draft", toStatus: "sending", reason: null, createdAt: startedAt },
      { campaignId: id, fromStatus: "sending", toStatus: "sent", reason: "Every message was handed over", createdAt: later(4) },
    ]);
    await tx.insert(smsMessages).values(messages);
    await chargeCredits(tx, { userId, amount: cost, reason: "campaign", reference: id });
    if (refunded > 0) await grantCredits(tx, { userId, amount: refunded, reason: "refund", reference: `campaign:${id}` });
  });
}

/**
 * Most demo businesses have made their business card, each in another design; the demo user's is
 * the first design, with a tagline and an email, so 'My business card' looks lived-in.
 */
async function seedDemoCard(userId: string, business: DemoBusiness, index: number, isDemoUser: boolean) {
  if (!isDemoUser && index % 4 === 3) return;
  const designs = await listCardDesigns();
  if (designs.length === 0) return;
  const firstSentence = business.details.split(/(?<=\.)\s/)[0];
  await saveBusinessCard(userId, {
    designId: designs[isDemoUser ? 0 : index % designs.length].id,
    title: index % 2 ? "Owner" : "Proprietor",
    tagline: isDemoUser ? "Home-style thalis, fresh rotis, weekend biryani" : firstSentence.length <= 80 ? firstSentence : null,
    email: isDemoUser ? "orders@ashaskitchen.example.in" : null,
    website: null,
    showMobile: true,
  });
}

async function ensureDemoPhotos(storage: FileStorage): Promise<Map<string, string[]>> {
  const byCategory = new Map<string, string[]>();
  for (const [categoryIndex, category] of DEMO_CATEGORIES.entries()) {
    const urls: string[] = [];
    for (let photo = 0; photo < IMAGES_PER_CATEGORY; photo++) {
      const key = `seed/photos/${slugify(category)}-${photo + 1}.jpg`;
      if (!(await storage.exists(key))) {
        await storage.put(key, await renderDemoPhoto(category, categoryIndex * IMAGES_PER_CATEGORY + photo), "image/jpeg");
      }
      urls.push(storage.publicUrl(key));
    }
    byCategory.set(category, urls);
  }
  return byCategory;
}

/** The festive pictures the seeded templates use, drawn once into storage. */
async function ensureTemplateImages(storage: FileStorage): Promise<Map<TemplateImageName, string>> {
  const urls = new Map<TemplateImageName, string>();
  for (const name of new Set(DEMO_TEMPLATES.flatMap((template) => template.image ?? []))) {
    const key = `seed/templates/${name}.jpg`;
    if (!(await storage.exists(key))) await storage.put(key, await renderTemplateImage(name), "image/jpeg");
    urls.set(name, storage.publicUrl(key));
  }
  return urls;
}

async function ensureDemoLogo(storage: FileStorage, business: DemoBusiness, index: number): Promise<string> {
  const key = `seed/logos/${business.slug}.webp`;
  if (!(await storage.exists(key))) {
    const initials = business.businessName
      .split(/\s+/)
      .filter((word) => /^[A-Za-z]/.test(word))
      .slice(0, 2)
      .map((word) => word[0].toUpperCase())
      .join("");
    await storage.put(key, await renderDemoLogo(initials || "?", index), "image/webp");
  }
  return storage.publicUrl(key);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

/** Demo customers who replied STOP (and stay opted out), and others who replied STOP, then opted in again in the shop. */
const DEMO_STOPPED = new Set([5, 17]);
const DEMO_OPTED_IN_AGAIN = new Set([2, 9]);

/** A demo customer's consent history: added with its source, then for some a STOP reply, and for a few a new opt-in in the shop. */
function demoConsentHistory(index: number, addedAt: Date, source: string): ConsentEntry[] {
  const daysLater = (days: number) => new Date(addedAt.getTime() + days * 86_400_000);
  const added: ConsentEntry = { state: "opted_in", source, channel: "form", at: addedAt };
  const stop: ConsentEntry = { state: "opted_out", source: "Replied STOP", channel: "sms_reply", at: daysLater(3) };
  if (DEMO_STOPPED.has(index)) return [added, stop];
  if (!DEMO_OPTED_IN_AGAIN.has(index)) return [added];
  const again = daysLater(9);
  return [added, stop, { state: "opted_in", source: `Asked in store on ${formatDayMonth(again)}`, channel: "form", at: again }];
}

/** A made-up customer's mobile number as contacts store it: drawn until the parser every typed number goes through takes it (not every 88… is a mobile). */
function randomIndianMobile(random: ReturnType<typeof seededRandom>): string {
  for (;;) {
    const mobileNumber = indianMobileE164(
      `${random.pick(["98", "97", "96", "99", "94", "90", "88", "70"])}${String(random.int(0, 99_999_999)).padStart(8, "0")}`,
    );
    if (mobileNumber) return mobileNumber;
  }
}

/**
 * The demo business's customer list: a few dozen customers added over the last weeks, most in a
 * group or two, some with an email, two who opted out of messages and two who opted in again.
 */
async function seedDemoContacts(userId: string, now: Date) {
  const random = seededRandom(20261123);
  for (const [index, name] of DEMO_CONTACT_NAMES.entries()) {
    const groups = DEMO_CONTACT_GROUPS.filter(() => random.next() < 0.3);
    const createdAt = new Date(now.getTime() - (DEMO_CONTACT_NAMES.length - index) * 26 * 3_600_000);
    await makeContact(
      {
        userId,
        name,
        mobileNumber: randomIndianMobile(random),
        email: index % 3 === 0 ? `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@mail.example.in` : null,
        tags: groups,
        notes: index % 7 === 0 ? "Prefers a call before 11 am." : null,
        createdAt,
      },
      { consentHistory: demoConsentHistory(index, createdAt, index % 4 === 0 ? "Website order form" : "Asked at the counter") },
    );
  }
  await importContactsNow(userId, "walk-in-customers.csv", new TextEncoder().encode(DEMO_IMPORT_CSV));
}
