CREATE TABLE "credit_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"credits" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"gateway" text NOT NULL,
	"payment_link_id" text,
	"payment_url" text,
	"payment_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_orders_status_check" CHECK ("credit_orders"."status" in ('created', 'paid', 'failed', 'expired')),
	CONSTRAINT "credit_orders_amounts_check" CHECK ("credit_orders"."credits" > 0 and "credit_orders"."price_paise" > 0 and "credit_orders"."gst_paise" >= 0 and "credit_orders"."total_paise" = "credit_orders"."price_paise" + "credit_orders"."gst_paise")
);
--> statement-breakpoint
CREATE TABLE "credit_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"credits" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_packs_credits_positive" CHECK ("credit_packs"."credits" > 0),
	CONSTRAINT "credit_packs_price_positive" CHECK ("credit_packs"."price_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_name" text NOT NULL,
	"seller_gstin" text,
	"seller_address" text NOT NULL,
	"seller_state" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text,
	"buyer_state" text,
	"buyer_gstin" text,
	"sac_code" text NOT NULL,
	"description" text NOT NULL,
	"credits" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"payment_id" text NOT NULL,
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_paise" = "invoices"."taxable_paise" + "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "test_payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"reference_id" text NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"expire_by" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_orders" ADD CONSTRAINT "credit_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_orders" ADD CONSTRAINT "credit_orders_pack_id_credit_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."credit_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_credit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."credit_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_orders_user_id_created_at_idx" ON "credit_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_orders_payment_link_id_key" ON "credit_orders" USING btree ("payment_link_id");--> statement-breakpoint
CREATE INDEX "credit_orders_open_idx" ON "credit_orders" USING btree ("expires_at") WHERE "credit_orders"."status" = 'created';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_packs_name_key" ON "credit_packs" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_id_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_financial_year_sequence_key" ON "invoices" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_user_id_issued_at_idx" ON "invoices" USING btree ("user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_links_reference_id_key" ON "test_payment_links" USING btree ("reference_id");