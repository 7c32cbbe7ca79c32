import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { createdAt, id, oneOf, updatedAt } from "./columns";

export const USER_ROLES = ["user", "admin"] as const;
/** "deleted": an anonymous tombstone kept for the credit ledger (app/models/account-settings.server.ts). */
export const USER_STATUSES = ["active", "suspended", "deleted"] as const;

export const users = pgTable(
  "users",
  {
    id: id(),
    /** The sign-in name (the forms' and the API's `username`): always stored lower-cased. */
    email: text("email").notNull(),
    /** argon2id hash; null for accounts that only ever signed in with Google. */
    passwordHash: text("password_hash"),
    googleId: text("google_id"),
    name: text("name").notNull(),
    businessName: text("business_name").notNull().default("My Business"),
    businessDetails: text("business_details"),
    businessPhone: text("business_phone"),
    mobileNumber: text("mobile_number"),
    gstNumber: text("gst_number"),
    businessCategories: text("business_categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("India"),
    postalCode: text("postal_code"),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    profileImageUrl: text("profile_image_url"),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
    /** Credits, in the smallest unit; changed only by app/models/credits.server.ts, with a credit_ledger row, so it starts at 0. */
    balance: integer("balance").notNull().default(0),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    status: text("status", { enum: USER_STATUSES }).notNull().default("active"),
    /** Written into every API access token and compared at each use: raising it ends the account's access tokens at once. */
    tokenVersion: integer("token_version").notNull().default(0),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /**
     * When the owner proved the address (the mailed link, or Google saying it is verified). The
     * opening balance is granted then, not at registration: addresses are free, credits are not.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** The business's own DLT registration (TRAI): its principal entity id and 6-character sender header; without them it sends the platform's templates under the platform's header. */
    dltEntityId: text("dlt_entity_id"),
    smsSenderHeader: text("sms_sender_header"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    uniqueIndex("users_google_id_key").on(table.googleId),
    check("users_balance_not_negative", sql`${table.balance} >= 0`),
    check("users_email_lowercase", sql`${table.email} = lower(${table.email})`),
    check("users_sms_sender_header_check", sql`${table.smsSenderHeader} IS NULL OR ${table.smsSenderHeader} ~ '^[A-Z0-9]{6}$'`),
    oneOf("users_role_check", table.role, USER_ROLES),
    oneOf("users_status_check", table.status, USER_STATUSES),
  ],
);

/** The owning user of a row; deleting the user deletes what they own. */
export const ownerId = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Server-side sessions: the cookie carries only the id, so any session can be revoked. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: ownerId(),
    /** The idle end: moved forward while the session is used, never past absoluteExpiresAt. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Fixed at sign-in (30 days for a business, 12 hours for the admin by default): no use extends it. */
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

/** Refresh tokens for API clients; stored hashed, rotated, revoked as a family on reuse. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: ownerId(),
    tokenHash: text("token_hash").notNull(),
    familyId: uuid("family_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("refresh_tokens_token_hash_key").on(table.tokenHash), index("refresh_tokens_family_id_idx").on(table.familyId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: ownerId(),
    /** sha-256 of the token mailed to the user; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("password_reset_tokens_token_hash_key").on(table.tokenHash),
    index("password_reset_tokens_user_id_idx").on(table.userId),
  ],
);

/** Links mailed to prove an email address: single use, 24 hours, stored hashed like reset links. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: id(),
    userId: ownerId(),
    /** sha-256 of the token mailed to the user; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("email_verification_tokens_token_hash_key").on(table.tokenHash),
    index("email_verification_tokens_user_id_idx").on(table.userId),
  ],
);

/** The admin's record, keyed by user id and refreshed at each admin sign-in. */
export const admins = pgTable("admins", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  displayName: text("display_name"),
  photoUrl: text("photo_url"),
  isAdmin: boolean("is_admin").notNull().default(true),
  createdAt: createdAt(),
  lastLogin: timestamp("last_login", { withTimezone: true }),
});

/** Fixed-window counters shared by every app instance (sign-in, registration, reset limits). */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/**
 * Failed password sign-ins, per account (the email as typed, lower case, known
 * or not) and source (the client's address group): one row each, so that an
 * upsert counts parallel failures exactly. A source's count is forgotten an
 * hour after its last failure, and wiped by its success (app/lib/sign-in-delay.ts).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    accountKey: text("account_key").notNull(),
    source: text("source").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountKey, table.source] })],
);

/**
 * A file a user uploaded, stored under `key` (DATA_DIR/uploads or the S3 bucket): who issued it
 * is what lets POST /api/user/profile-image accept only this user's own uploads.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    userId: ownerId(),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** sha-256 of the file as it was sent (before re-encoding): the same photo sent twice is known as the same (idempotency_keys). */
    sourceSha256: text("source_sha256"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("uploads_key_key").on(table.key), index("uploads_user_id_created_at_idx").on(table.userId, table.createdAt)],
);

/**
 * A form kept for the screen it was sent from: sent after its session ended, or left by one of its
 * own fix-it links (buy credits, set the location). Its text fields, for the account whose form it
 * was, until that account is back on the screen (then deleted as it is read) or for an hour
 * (app/models/kept-drafts.server.ts).
 */
export const keptDrafts = pgTable(
  "kept_drafts",
  {
    id: id(),
    userId: ownerId(),
    /** The screen's path and query: the draft fills only the form there. */
    path: text("path").notNull(),
    /** [name, value] pairs in the order sent, text only, bounded (app/lib/kept-draft.ts). */
    fields: jsonb("fields").$type<[string, string][]>().notNull(),
    /** How many files the form carried: not kept, and the screen says so. */
    droppedFiles: integer("dropped_files").notNull().default(0),
    /** Which of the screen's forms was sent (its `intent`): matched, never filled in or sent again. */
    intent: text("intent"),
    /** Why it was kept: 'session' (it ended) or 'detour' (a fix-it link; the detour's end goes back to `path`). */
    reason: text("reason", { enum: ["session", "detour"] })
      .notNull()
      .default("session"),
    createdAt: createdAt(),
  },
  (table) => [
    index("kept_drafts_user_id_idx").on(table.userId),
    index("kept_drafts_created_at_idx").on(table.createdAt),
    check("kept_drafts_reason_check", sql`${table.reason} IN ('session', 'detour')`),
  ],
);
