DROP INDEX "posts_live_created_at_idx";--> statement-breakpoint
CREATE INDEX "posts_live_created_at_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'live';--> statement-breakpoint
-- Cells hold thousands of posts in a city, not the table's average of a few dozen:
-- telling the planner so keeps the per-cell newest-first index scans (bench/feed-query.ts).
ALTER TABLE "posts" ALTER COLUMN "geo_cell" SET (n_distinct = 50);--> statement-breakpoint
DROP INDEX IF EXISTS "posts_live_geo_cell_idx";--> statement-breakpoint
-- category joins the covering columns, so a category filter reads the index alone.
CREATE INDEX "posts_live_geo_cell_idx" ON "posts" USING btree ("geo_cell", "created_at" DESC, "id" DESC) INCLUDE ("lat", "lon", "valid_until", "user_id", "category") WHERE "status" = 'live' AND "geo_cell" IS NOT NULL;
