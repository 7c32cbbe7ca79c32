ALTER TABLE "users" ADD COLUMN "contacts_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Once per statement, for every business whose contacts it touched (a 10,000-row import raises it once).
CREATE FUNCTION "raise_contacts_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "contacts_version" = "contacts_version" + 1 WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed_contacts");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_added" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS "changed_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_contacts_version"();--> statement-breakpoint
CREATE TRIGGER "contacts_changed" AFTER UPDATE ON "contacts" REFERENCING NEW TABLE AS "changed_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_contacts_version"();--> statement-breakpoint
CREATE TRIGGER "contacts_deleted" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS "changed_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_contacts_version"();
