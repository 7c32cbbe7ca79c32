-- Geo distance (cube + earthdistance) for the local feed and trigram search for posts and places.
-- On a managed PostgreSQL these need a superuser once; PGlite loads them from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
