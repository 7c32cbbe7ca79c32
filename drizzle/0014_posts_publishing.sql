ALTER TABLE "posts" ADD COLUMN "call_to_action_type" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "hashtags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_user_id_idempotency_key_key" ON "posts" USING btree ("user_id","idempotency_key") WHERE "posts"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_scheduled_created_at_idx" ON "posts" USING btree ("created_at") WHERE "posts"."status" = 'scheduled';--> statement-breakpoint
-- Offers' buttons become a kind (its link is made from the business's phone, mobile or the post's place).
UPDATE "posts" SET "call_to_action_type" = CASE
  WHEN "call_to_action_label" IN ('Call now', 'Book now') THEN 'call'
  WHEN "call_to_action_label" = 'Order now' THEN 'whatsapp'
  ELSE 'directions' END
WHERE "call_to_action_label" IS NOT NULL AND "call_to_action_type" IS NULL;
