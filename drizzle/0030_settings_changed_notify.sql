-- Each process keeps the admin's prices, credit packs and settings until they change
-- (app/models/kept-settings.server.ts): any change, by whoever, tells every listening process on commit.
CREATE FUNCTION "notify_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('isent_settings_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "pricing_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();--> statement-breakpoint
CREATE TRIGGER "credit_packs_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "credit_packs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();--> statement-breakpoint
CREATE TRIGGER "settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();
