ALTER TABLE "credit_orders" ADD COLUMN "gst_rate_percent" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gst_rate_percent" integer DEFAULT 18 NOT NULL;