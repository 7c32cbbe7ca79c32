ALTER TABLE "contact_imports" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A business's groups are one whatever their case (app/lib/contact-groups.ts): spellings that differ only in case
-- ('Regulars', 'regulars') become the spelling of the oldest contact holding any of them (its first, should it hold
-- two), and a contact holding two of them keeps one, where the first stood. Contacts without such a group are untouched.
WITH "spelling" AS (
  SELECT DISTINCT ON (c."user_id", lower(t."tag")) c."user_id", lower(t."tag") AS "key", t."tag" AS "name"
  FROM "contacts" AS c, unnest(c."tags") WITH ORDINALITY AS t("tag", "at")
  ORDER BY c."user_id", lower(t."tag"), c."created_at", c."id", t."at"
),
"merged" AS (
  SELECT "id", array_agg("name" ORDER BY "first_at") AS "tags"
  FROM (
    SELECT c."id", s."name", min(t."at") AS "first_at"
    FROM "contacts" AS c, unnest(c."tags") WITH ORDINALITY AS t("tag", "at"), "spelling" AS s
    WHERE s."user_id" = c."user_id" AND s."key" = lower(t."tag")
    GROUP BY c."id", s."name"
  ) AS "one_each"
  GROUP BY "id"
)
UPDATE "contacts" AS c SET "tags" = m."tags"
FROM "merged" AS m
WHERE c."id" = m."id" AND c."tags" IS DISTINCT FROM m."tags";
