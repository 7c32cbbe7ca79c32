DROP INDEX "contacts_user_id_created_at_idx";--> statement-breakpoint
-- The contacts list reads a page, the count and a search's name, email and mobile number from
-- this index alone: a business's 10,000 contacts are then ~100 index pages, not up to 10,000 table
-- pages spread over the table (bench/contacts.ts). drizzle's index builder cannot express
-- INCLUDE, so these two indexes live only here (see app/db/schema/messaging.ts).
CREATE INDEX "contacts_user_id_created_at_idx" ON "contacts" USING btree ("user_id", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("name", "mobile_number", "email", "opted_out");--> statement-breakpoint
-- Groups, for the group filter, the list of groups and a search that matches a group. Kept apart
-- from the index above: with name and email beside them, 20 groups of 40 characters in a 3-byte
-- script can pass btree's 2,704-byte row limit; alone they stay under it.
CREATE INDEX "contacts_user_id_id_tags_idx" ON "contacts" USING btree ("user_id", "id") INCLUDE ("tags");
