ALTER TABLE "sessions" ADD COLUMN "absolute_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "absolute_expires_at" = "sessions"."created_at" + CASE WHEN "users"."role" = 'admin' THEN interval '12 hours' ELSE interval '30 days' END FROM "users" WHERE "users"."id" = "sessions"."user_id";--> statement-breakpoint
UPDATE "sessions" SET "expires_at" = "absolute_expires_at" WHERE "expires_at" > "absolute_expires_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "absolute_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
