CREATE TABLE "email_verification_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"request" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"resource_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_request_key_pk" PRIMARY KEY("user_id","request","key"),
	CONSTRAINT "idempotency_keys_request_check" CHECK ("idempotency_keys"."request" in ('post', 'campaign', 'credit_order'))
);
--> statement-breakpoint
CREATE TABLE "contact_consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"state" text NOT NULL,
	"source" text,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_consent_events_state_check" CHECK ("contact_consent_events"."state" in ('opted_in', 'opted_out')),
	CONSTRAINT "contact_consent_events_channel_check" CHECK ("contact_consent_events"."channel" in ('form', 'api', 'import', 'sms_reply', 'carried_over'))
);
--> statement-breakpoint
DROP INDEX "posts_user_id_idempotency_key_key";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "source_sha256" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consent_events" ADD CONSTRAINT "contact_consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consent_events" ADD CONSTRAINT "contact_consent_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_consent_events_contact_id_created_at_idx" ON "contact_consent_events" USING btree ("contact_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Keys made in the last day move to their own table; '' as the hash: made before requests were hashed, so any request with the key is its repeat.
INSERT INTO "idempotency_keys" ("user_id", "request", "key", "request_hash", "resource_id", "created_at") SELECT "user_id", 'post', "idempotency_key", '', "id", now() FROM "posts" WHERE "idempotency_key" IS NOT NULL AND "updated_at" > now() - interval '24 hours';--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "idempotency_key";--> statement-breakpoint
-- Each contact's consent so far becomes the first entry of its history.
INSERT INTO "contact_consent_events" ("user_id", "contact_id", "state", "source", "channel", "created_at") SELECT "user_id", "id", CASE WHEN "opted_out" THEN 'opted_out' ELSE 'opted_in' END, "consent_source", 'carried_over', coalesce("consent_at", "created_at") FROM "contacts";--> statement-breakpoint
-- Accounts made before verification existed were granted their opening balance at registration: they count as verified, so nothing they have changes.
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
-- The opening balance is granted once per account: its ledger row's reference is the account.
UPDATE "credit_ledger" SET "reference" = "user_id"::text WHERE "reason" = 'opening_balance' AND "reference" IS NULL;
