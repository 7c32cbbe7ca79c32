ALTER TABLE "templates" ADD COLUMN "offer" jsonb;--> statement-breakpoint
-- Offer templates made before offers had their own block: the template's title, a week, a Call button.
UPDATE "templates" SET "offer" = jsonb_build_object('title', "title", 'couponCode', null, 'terms', null, 'validDays', 7, 'callToAction', 'call') WHERE "kind" = 'offer' AND "offer" IS NULL;--> statement-breakpoint
-- Placeholders move to {{name}} form (app/lib/template-fill.ts): {business} is {{businessName}}, {city} is {{city}};
-- {name} was the customer in SMS templates ({{customerName}}, filled per contact by a campaign) and the owner elsewhere ({{name}}).
UPDATE "templates" SET "content" = regexp_replace(regexp_replace("content", '(?<!\{)\{business\}(?!\})', '{{businessName}}', 'g'), '(?<!\{)\{city\}(?!\})', '{{city}}', 'g');--> statement-breakpoint
UPDATE "templates" SET "content" = regexp_replace("content", '(?<!\{)\{name\}(?!\})', CASE WHEN "kind" = 'sms' THEN '{{customerName}}' ELSE '{{name}}' END, 'g');--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_offer_only_on_offers" CHECK (("templates"."kind" = 'offer') = ("templates"."offer" IS NOT NULL));
