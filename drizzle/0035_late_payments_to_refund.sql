-- A payment that arrives after its order expired, for a pack no longer on sale, is kept 'to_refund'
-- (then 'refunded' by the admin, an audit row about the 'credit_order'): decision 016.
ALTER TABLE "credit_orders" DROP CONSTRAINT "credit_orders_status_check";--> statement-breakpoint
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "credit_orders" ADD CONSTRAINT "credit_orders_status_check" CHECK ("credit_orders"."status" in ('created', 'paid', 'failed', 'expired', 'to_refund', 'refunded'));--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_entity_type_check" CHECK ("admin_audit_log"."entity_type" in ('post', 'template', 'template_category', 'category', 'business_card_design', 'user', 'price', 'credit_pack', 'credit_order', 'setting', 'page', 'campaign'));