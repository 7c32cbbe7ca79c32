-- Every process keeps a returning visitor's page until a post on it changes (app/utils/visitor-pages.server.ts):
-- whatever changes posts (a like, a view, hidden, removed, ended, deleted; by any process, job or the admin)
-- tells every listening process which ones, once per statement, when its transaction commits.
-- Too many for one notice (8000 bytes), or an account's status (all its posts at once): "*", forget every page.
CREATE FUNCTION "notify_posts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  SELECT CASE WHEN count(*) > 150 THEN '*' ELSE string_agg("id"::text, ',') END INTO changed FROM "changed_posts";
  IF changed IS NOT NULL THEN
    PERFORM pg_notify('isent_posts_changed', changed);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_changed" AFTER UPDATE ON "posts" REFERENCING NEW TABLE AS "changed_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_posts_changed"();--> statement-breakpoint
CREATE TRIGGER "posts_deleted" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS "changed_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_posts_changed"();--> statement-breakpoint
CREATE FUNCTION "notify_accounts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('isent_posts_changed', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "account_status_changed" AFTER UPDATE OF "status" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_accounts_changed"();
