DROP INDEX "posts_created_at_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "geo_cell" integer GENERATED ALWAYS AS ((floor((lat + 90) / 0.2::float8)::int * 1800 + floor((lon + 180) / 0.2::float8)::int)) STORED;--> statement-breakpoint
CREATE INDEX "posts_live_created_at_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'live';--> statement-breakpoint
-- The nearby feed reads each grid cell newest first from this index alone
-- (drizzle's index builder cannot express INCLUDE, so it lives only here).
CREATE INDEX "posts_live_geo_cell_idx" ON "posts" USING btree ("geo_cell", "created_at" DESC, "id" DESC) INCLUDE ("lat", "lon", "valid_until", "user_id") WHERE "status" = 'live' AND "geo_cell" IS NOT NULL;
