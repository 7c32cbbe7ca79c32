ALTER TABLE "users" ADD COLUMN "pages_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A business's workspace page is kept per users.pages_version (app/utils/kept-pages.server.ts), read with
-- its session: whatever changes what those pages show raises it in the same transaction, whoever writes
-- (a form, the API, a job, the admin, a cascade), so no process or instance can show an older page.
-- Its own row, any column: the balance, the profile, contacts_version (raised by contacts' triggers, 0028).
CREATE FUNCTION "raise_pages_version_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ROW(NEW.*) IS DISTINCT FROM ROW(OLD.*) THEN
    NEW."pages_version" := OLD."pages_version" + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_pages_version" BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "raise_pages_version_of_row"();--> statement-breakpoint
-- Rows owned by a business (user_id), once per statement for every business among them. A like or view
-- moves its post's count in the same transaction (post-engagement.server.ts): posts' triggers cover it,
-- locking the post's row before its owner's, as deletePost does.
CREATE FUNCTION "raise_pages_version_by_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "pages_version" = "pages_version" + 1 WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_added_pages" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "posts_changed_pages" AFTER UPDATE ON "posts" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "posts_deleted_pages" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "campaigns_added_pages" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "campaigns_changed_pages" AFTER UPDATE ON "campaigns" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "campaigns_deleted_pages" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "sms_messages_added_pages" AFTER INSERT ON "sms_messages" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "sms_messages_changed_pages" AFTER UPDATE ON "sms_messages" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "sms_messages_deleted_pages" AFTER DELETE ON "sms_messages" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "business_cards_added_pages" AFTER INSERT ON "business_cards" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "business_cards_changed_pages" AFTER UPDATE ON "business_cards" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
CREATE TRIGGER "business_cards_deleted_pages" AFTER DELETE ON "business_cards" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_pages_version_by_owner"();--> statement-breakpoint
-- What the admin sets for everyone and the workspace pages show too (the composer's categories, a
-- card's designs, the templates) tells every process, as prices and settings do (0030).
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();--> statement-breakpoint
CREATE TRIGGER "business_card_designs_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_card_designs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();--> statement-breakpoint
CREATE TRIGGER "templates_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "templates"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();--> statement-breakpoint
CREATE TRIGGER "template_categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "template_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_settings_changed"();
--> statement-breakpoint
-- On the embedded PGlite (one process) a session's lookup is remembered (app/models/sessions.server.ts)
-- until its account or its sessions change: the accounts (any column, pages_version among them) or
-- sessions changed, "*" when too many for one notice. PGlite tells its listeners before the writer's
-- commit returns, so the next request already looks the session up afresh.
CREATE FUNCTION "notify_accounts_of_sessions"(changed text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NOT NULL THEN
    PERFORM pg_notify('isent_sessions_changed', changed);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_changed_accounts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_accounts_of_sessions"((SELECT CASE WHEN count(*) > 150 THEN '*' ELSE string_agg("id"::text, ',') END FROM "changed_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_changed_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_accounts_of_sessions"(
    (SELECT CASE WHEN count(DISTINCT "user_id") > 150 THEN '*' ELSE string_agg(DISTINCT "user_id"::text, ',') END FROM "changed_rows")
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "accounts_changed_sessions" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed_accounts"();--> statement-breakpoint
CREATE TRIGGER "accounts_deleted_sessions" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed_accounts"();--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE ON "sessions" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed_sessions"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_changed_sessions"();
