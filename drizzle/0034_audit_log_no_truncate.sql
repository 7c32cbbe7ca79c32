-- The audit trail stays append-only against TRUNCATE too: row triggers (0025) never fire for it, so a
-- statement trigger refuses it with the same message. Nothing in the product truncates this table.
CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_log_append_only"();
