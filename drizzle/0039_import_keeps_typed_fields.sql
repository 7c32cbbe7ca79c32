CREATE TABLE "contact_import_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid,
	"line" integer NOT NULL,
	"name" text NOT NULL,
	"updated" boolean NOT NULL,
	"added_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"filled" text[] DEFAULT '{}'::text[] NOT NULL,
	"opted_out" boolean DEFAULT false NOT NULL,
	"proposed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text,
	CONSTRAINT "contact_import_changes_outcome_check" CHECK ("contact_import_changes"."outcome" in ('applied', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "updates_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_import_changes" ADD CONSTRAINT "contact_import_changes_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_changes" ADD CONSTRAINT "contact_import_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_changes" ADD CONSTRAINT "contact_import_changes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_changes_import_id_contact_id_key" ON "contact_import_changes" USING btree ("import_id","contact_id");--> statement-breakpoint
CREATE INDEX "contact_import_changes_import_id_line_idx" ON "contact_import_changes" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "contact_import_changes_contact_id_idx" ON "contact_import_changes" USING btree ("contact_id");