ALTER TABLE "pages" ADD COLUMN "kind" text DEFAULT 'information' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;