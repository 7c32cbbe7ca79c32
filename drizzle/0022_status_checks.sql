ALTER TABLE "templates" DROP CONSTRAINT "templates_sms_category_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'suspended', 'deleted'));--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('opening_balance', 'post', 'offer', 'sms', 'campaign', 'purchase', 'refund', 'admin_adjustment'));--> statement-breakpoint
ALTER TABLE "test_payment_links" ADD CONSTRAINT "test_payment_links_status_check" CHECK ("test_payment_links"."status" in ('created', 'paid', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_kind_check" CHECK ("posts"."kind" in ('update', 'offer'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('scheduled', 'live', 'hidden', 'removed'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_kind_check" CHECK ("templates"."kind" in ('post', 'offer', 'sms'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_sms_category_check" CHECK ("templates"."sms_category" in ('promotional', 'service', 'transactional'));