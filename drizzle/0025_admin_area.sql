CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_log_entity_type_check" CHECK ("admin_audit_log"."entity_type" in ('post', 'template', 'template_category', 'category', 'business_card_design', 'user', 'price', 'credit_pack', 'setting', 'page', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"saved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_reports" (
	"post_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reports_post_id_visitor_id_pk" PRIMARY KEY("post_id","visitor_id"),
	CONSTRAINT "post_reports_reason_check" CHECK ("post_reports"."reason" in ('spam', 'misleading', 'offensive', 'scam', 'other'))
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_key" text NOT NULL,
	"credits" integer NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_slug_pages_slug_fk" FOREIGN KEY ("slug") REFERENCES "public"."pages"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_entity_idx" ON "admin_audit_log" USING btree ("entity_type","entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "page_versions_slug_created_at_idx" ON "page_versions" USING btree ("slug","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_reports_open_idx" ON "post_reports" USING btree ("post_id") WHERE "post_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "price_history_key_created_at_idx" ON "price_history" USING btree ("price_key","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The audit trail is append-only: no UPDATE or DELETE of a row, from any code path.
CREATE FUNCTION "admin_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_change" BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_append_only"();--> statement-breakpoint
-- The prices and pages as they stand are the first entries of their histories.
INSERT INTO "price_history" ("price_key", "credits", "created_at") SELECT "key", "credits", "updated_at" FROM "pricing";--> statement-breakpoint
INSERT INTO "page_versions" ("slug", "title", "summary", "body", "created_at") SELECT "slug", "title", "summary", "body", "updated_at" FROM "pages";
