-- Campaigns and their messages could not be made before this migration (no screen or API wrote them): the table shapes change, so any test rows go.
DELETE FROM "sms_messages";--> statement-breakpoint
DELETE FROM "campaigns";--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"from_number" text NOT NULL,
	"body" text NOT NULL,
	"user_id" uuid,
	"contact_id" uuid,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_replies_action_check" CHECK ("sms_replies"."action" in ('opted_out', 'opted_in', 'none'))
);
--> statement-breakpoint
CREATE TABLE "sms_send_windows" (
	"second" timestamp with time zone PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_simulator_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_segments_positive";--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_campaign_id_campaigns_id_fk";
--> statement-breakpoint
DROP INDEX "sms_messages_campaign_id_idx";--> statement-breakpoint
DROP INDEX "sms_messages_user_id_created_at_idx";--> statement-breakpoint
ALTER TABLE "sms_messages" ALTER COLUMN "campaign_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ALTER COLUMN "cost" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dlt_entity_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_sender_header" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slot_fills" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "category" text NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sender_header" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "dlt_entity_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "dlt_template_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "parts" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "encoding" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "dlt_template_id" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "sms_category" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "slot_hints" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_id_created_at_idx" ON "campaign_events" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_replies_provider_message_id_key" ON "sms_replies" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_simulator_log_message_id_idx" ON "sms_simulator_log" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status") WHERE "campaigns"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "sms_messages_campaign_id_status_idx" ON "sms_messages" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "sms_messages_queued_idx" ON "sms_messages" USING btree ("campaign_id","id") WHERE "sms_messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_message_id_key" ON "sms_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "templates_user_id_idx" ON "templates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_messages_user_id_created_at_idx" ON "sms_messages" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "scheduled_at";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "sent_count";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "failed_count";--> statement-breakpoint
ALTER TABLE "sms_messages" DROP COLUMN "segments";--> statement-breakpoint
ALTER TABLE "sms_messages" DROP COLUMN "error";--> statement-breakpoint
ALTER TABLE "sms_messages" DROP COLUMN "sent_at";--> statement-breakpoint
-- SMS templates become DLT templates: {{placeholders}} become {#var#} slots (their names kept as the slots' hints), promotional ones end with the opt-out line.
UPDATE "templates" AS t SET
  "slot_hints" = ARRAY(
    SELECT CASE m[1] WHEN 'customerName' THEN 'Customer name' WHEN 'businessName' THEN 'Business name' ELSE m[1] END
    FROM regexp_matches(t."content", '\{\{(\w+)\}\}', 'g') AS m),
  "content" = regexp_replace(t."content", '\{\{\w+\}\}', '{#var#}', 'g') || CASE WHEN t."content" ~* 'reply stop' THEN '' ELSE ' Reply STOP to opt out.' END,
  "sms_category" = 'promotional',
  "dlt_template_id" = '11071726' || lpad(numbered.n::text, 11, '0')
FROM (SELECT "id", row_number() OVER (ORDER BY "sort_order", "title") AS n FROM "templates" WHERE "kind" = 'sms') AS numbered
WHERE t."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sms_sender_header_check" CHECK ("users"."sms_sender_header" IS NULL OR "users"."sms_sender_header" ~ '^[A-Z0-9]{6}$');--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_category_check" CHECK ("campaigns"."category" in ('promotional', 'service', 'transactional'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_money_check" CHECK ("campaigns"."cost" >= 0 AND "campaigns"."refunded" >= 0 AND "campaigns"."refunded" <= "campaigns"."cost");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_parts_positive" CHECK ("sms_messages"."parts" >= 1);--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_cost_not_negative" CHECK ("sms_messages"."cost" >= 0);--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('queued', 'submitted', 'delivered', 'failed', 'undelivered', 'skipped', 'cancelled'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_encoding_check" CHECK ("sms_messages"."encoding" in ('GSM-7', 'UCS-2'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_sms_fields_only_on_sms" CHECK (("templates"."kind" = 'sms') = ("templates"."sms_category" IS NOT NULL AND "templates"."dlt_template_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_sms_category_check" CHECK ("templates"."sms_category" IS NULL OR "templates"."sms_category" in ('promotional', 'service', 'transactional'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_owner_only_on_sms" CHECK ("templates"."user_id" IS NULL OR "templates"."kind" = 'sms');