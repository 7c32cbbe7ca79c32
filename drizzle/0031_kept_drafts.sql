CREATE TABLE "kept_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"path" text NOT NULL,
	"fields" jsonb NOT NULL,
	"dropped_files" integer DEFAULT 0 NOT NULL,
	"intent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kept_drafts" ADD CONSTRAINT "kept_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kept_drafts_user_id_idx" ON "kept_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "kept_drafts_created_at_idx" ON "kept_drafts" USING btree ("created_at");