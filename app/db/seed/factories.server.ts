/**
 * Data factories: the demo seed and the tests make their rows here, so both
 * make them the same way. Each takes overrides and makes its own unique
 * values. Accounts and balances go through their models (createAccount, the
 * credits model); other rows are inserted as they are.
 */
import { randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";

import { postHashtags } from "~/lib/hashtags";
import { indianMobileE164, isIndianMobile } from "~/lib/phone-number.server";
import { chargeCredits, grantCredits } from "~/models/credits.server";
import { createAccount, getAccountUser, type AccountUser, type NewAccount } from "~/models/users.server";

import { db } from "../db.server";
import { campaigns, contactConsentEvents, contacts, posts, templateCategories, templates, users } from "../schema";

const DAY_MS = 86_400_000;

/** Per process: a token of this run and a counter, so values never repeat, not even across runs on one database. */
const run = randomBytes(3).toString("hex");
let sequence = 0;
const next = () => ++sequence;

/** A new email address nobody has used, e.g. 'owner-3fa2c1-7@shop.example.in'. */
export function uniqueEmail(prefix = "owner"): string {
  return `${prefix}-${run}-${next()}@shop.example.in`;
}

/** A new Indian mobile number as contacts store it (E.164, +919…), made by the parser every typed number goes through. */
export function uniqueMobileNumber(): string {
  for (;;) {
    const mobileNumber = indianMobileE164(`9${String(next() % 1_000_000_000).padStart(9, "0")}`);
    if (mobileNumber) return mobileNumber;
  }
}

type UserColumns = typeof users.$inferInsert;
type ProfileColumns = Pick<
  UserColumns,
  | "businessDetails"
  | "businessPhone"
  | "gstNumber"
  | "businessCategories"
  | "address"
  | "city"
  | "state"
  | "country"
  | "postalCode"
  | "lat"
  | "lon"
  | "status"
  | "createdAt"
>;
const PROFILE_KEYS = [
  "businessDetails",
  "businessPhone",
  "gstNumber",
  "businessCategories",
  "address",
  "city",
  "state",
  "country",
  "postalCode",
  "lat",
  "lon",
  "status",
  "createdAt",
] as const satisfies ReadonlyArray<keyof ProfileColumns>;

export type UserOverrides = Partial<NewAccount> &
  Partial<ProfileColumns> & {
    /** The balance to end with; the difference from the opening balance (0 unverified) is an admin adjustment in the ledger. */
    balance?: number;
  };

/**
 * A business account, made by createAccount (the registration's model). Verified unless told
 * `verified: false`, so it holds the opening balance with its ledger row, as a business that
 * opened its link does; unverified, it has 0 credits. Without a password it cannot sign in with
 * one. Profile fields, a status or a balance given are then set.
 */
export async function makeUser(overrides: UserOverrides = {}): Promise<AccountUser> {
  const { balance, ...rest } = overrides;
  const account = await createAccount({
    verified: true,
    email: uniqueEmail(),
    name: "Asha Rao",
    businessName: "Rao Sweets",
    mobileNumber: "9845012345",
    ...pick(rest, [
      "email",
      "password",
      "name",
      "businessName",
      "mobileNumber",
      "googleId",
      "profileImageUrl",
      "onboardingCompleted",
      "role",
      "verified",
    ]),
  });
  const profile = pick(rest, PROFILE_KEYS);
  if (Object.keys(profile).length) await db().update(users).set(profile).where(eq(users.id, account.id));
  if (balance !== undefined && balance !== account.balance) {
    const change = { userId: account.id, amount: Math.abs(balance - account.balance), reason: "admin_adjustment" as const };
    await db().transaction(async (tx) => {
      const result = balance > account.balance ? await grantCredits(tx, change) : await chargeCredits(tx, change);
      if (!result.ok) throw new Error(`makeUser: cannot set the balance to ${balance}`);
    });
  }
  return (await getAccountUser(account.id))!;
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

export type NewPost = typeof posts.$inferInsert;

/**
 * A post's row with defaults (an update unless `kind: "offer"`, hashtags as
 * publishing stores them: those given, then its content's; an offer runs from a day ago for a week unless told), not yet
 * stored: the seed inserts many at once.
 */
export function postValues(overrides: Partial<NewPost> & { userId: string }): NewPost {
  const n = next();
  const kind = overrides.kind ?? "update";
  const content = overrides.content ?? (kind === "offer" ? `Offer ${n}: 10% off this week #offer` : `Fresh today, batch ${n} #local`);
  const now = Date.now();
  const offer =
    kind === "offer"
      ? {
          offerTitle: `10% off (${n})`,
          couponCode: `SAVE${n}`,
          // Never after its end: an offer that ended long ago started before it.
          validFrom: new Date(Math.min(now - DAY_MS, (overrides.validUntil ?? new Date(now)).getTime())),
          validUntil: new Date(now + 7 * DAY_MS),
        }
      : {};
  return { kind, content, ...offer, ...overrides, hashtags: postHashtags(overrides.hashtags ?? [], content) };
}

/** A stored post (live unless told), of a new business unless `userId` is given. */
export async function makePost(overrides: Partial<NewPost> = {}) {
  const userId = overrides.userId ?? (await makeUser()).id;
  const [post] = await db()
    .insert(posts)
    .values(postValues({ ...overrides, userId }))
    .returning();
  return post;
}

/** A stored offer: makePost with kind 'offer'. */
export function makeOffer(overrides: Partial<NewPost> = {}) {
  return makePost({ ...overrides, kind: "offer" });
}

/** One entry of a made contact's consent history, at a time of the factory's caller's choosing. */
export type ConsentEntry = Pick<typeof contactConsentEvents.$inferInsert, "state" | "source" | "channel"> & { at: Date };

/**
 * A contact of a business (a new one unless `userId` is given), with its own mobile number and its
 * consent history: the entries given (the contact then holds the last one's state, source and time),
 * else one entry of the consent it was made with, 'form' unless told, at its consent time.
 */
export async function makeContact(
  overrides: Partial<Omit<typeof contacts.$inferInsert, "canGetSms">> = {},
  { consentHistory, channel = "form" }: { consentHistory?: ConsentEntry[]; channel?: ConsentEntry["channel"] } = {},
) {
  const userId = overrides.userId ?? (await makeUser()).id;
  const latest = consentHistory?.at(-1);
  const fromHistory = latest ? { optedOut: latest.state === "opted_out", consentSource: latest.source, consentAt: latest.at } : {};
  const mobileNumber = overrides.mobileNumber ?? uniqueMobileNumber();
  return db().transaction(async (tx) => {
    const [contact] = await tx
      .insert(contacts)
      .values({ name: `Customer ${next()}`, ...overrides, mobileNumber, canGetSms: isIndianMobile(mobileNumber), ...fromHistory, userId })
      .returning();
    const entries = consentHistory ?? [
      {
        state: contact.optedOut ? ("opted_out" as const) : ("opted_in" as const),
        source: contact.consentSource,
        channel,
        at: contact.consentAt ?? contact.createdAt,
      },
    ];
    await tx
      .insert(contactConsentEvents)
      .values(entries.map(({ at, ...entry }) => ({ ...entry, userId, contactId: contact.id, createdAt: at })));
    return contact;
  });
}

/** A template category of the admin's, with a name nobody has used. */
export async function makeTemplateCategory(overrides: Partial<typeof templateCategories.$inferInsert> = {}) {
  const [category] = await db()
    .insert(templateCategories)
    .values({ name: `Category ${run}-${next()}`, ...overrides })
    .returning();
  return category;
}

/**
 * An active template of the admin's (a post template unless told). An offer template gets an offer
 * block, and an SMS one its DLT category and id, unless given, as the table requires.
 */
export async function makeTemplate(overrides: Partial<typeof templates.$inferInsert> = {}) {
  const n = next();
  const offer =
    overrides.kind === "offer"
      ? {
          title: `Weekend special ${n}`,
          couponCode: `WEEKEND${n}`,
          terms: "One per customer.",
          validDays: 7,
          callToAction: "call" as const,
        }
      : null;
  // An SMS template is a DLT one: the table requires its category and DLT id.
  const sms =
    overrides.kind === "sms" ? { smsCategory: "promotional" as const, dltTemplateId: `1107100000000${String(n).padStart(6, "0")}` } : {};
  const [template] = await db()
    .insert(templates)
    .values({
      title: `Template ${n}`,
      content: `Weekend special at {{businessName}} (${n}) #weekend`,
      hashtags: ["weekend"],
      offer,
      ...sms,
      ...overrides,
    })
    .returning();
  return template;
}

/** A draft SMS campaign of a business (a new one unless `userId` is given). */
export async function makeCampaign(overrides: Partial<typeof campaigns.$inferInsert> = {}) {
  const userId = overrides.userId ?? (await makeUser()).id;
  const n = next();
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: `Campaign ${n}`,
      message: `Diwali sale: 20% off everything this week (${n}).`,
      audience: { all: true },
      category: "promotional",
      ...overrides,
      userId,
    })
    .returning();
  return campaign;
}
