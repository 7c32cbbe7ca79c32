CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'mapping' NOT NULL,
	"csv" text,
	"delimiter" text DEFAULT ',' NOT NULL,
	"header" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "contact_imports_status_check" CHECK ("contact_imports"."status" in ('mapping', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_user_id_created_at_idx" ON "contact_imports" USING btree ("user_id","created_at");