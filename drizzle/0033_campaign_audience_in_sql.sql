-- A campaign's recipients, parts and cost are counted in SQL (app/models/campaign-audience.server.ts), so
-- no request reads a business's whole audience into the server. What a contact's name takes in a message
-- is worked out here, from the name, whoever writes it (a form, the API, an import's bulk update).
--
-- The name as a slot holds it: invisible characters dropped (bidi controls, zero-width spaces, BOM, soft
-- hyphen; the zero-width joiners Indic scripts need stay), whitespace runs as one space, trimmed, and past
-- 30 characters cut at the last space within them (else at 30). tests/integration/contact-sms-name.test.ts
-- holds the cases.
CREATE FUNCTION "contact_sms_name"(full_name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN char_length(line) <= 30 THEN line
    WHEN strpos(cut, ' ') > 0 THEN left(cut, char_length(cut) - strpos(reverse(cut), ' '))
    ELSE cut
  END
  FROM (SELECT line, left(line, 30) AS cut
        FROM (SELECT btrim(regexp_replace(
                regexp_replace(full_name, '[\u0001-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]', '', 'g'),
                '[\u0009-\u000d\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g')) AS line) AS lines) AS cuts
$$;--> statement-breakpoint
-- The room a text takes in a GSM-7 message (an extension character is two), or null when it needs UCS-2:
-- GSM 03.38's basic and extension characters, as app/lib/sms-text.ts has them.
CREATE FUNCTION "sms_gsm_units"(value text) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN value ~ '^[\u000a\u000c\u000d\u0020-\u005f\u0061-\u007e\u00a1\u00a3-\u00a5\u00a7\u00bf\u00c4-\u00c7\u00c9\u00d1\u00d6\u00d8\u00dc\u00df\u00e0\u00e4-\u00e6\u00e8\u00e9\u00ec\u00f1\u00f2\u00f6\u00f8\u00f9\u00fc\u0393\u0394\u0398\u039b\u039e\u03a0\u03a3\u03a6\u03a8\u03a9\u20ac]*$'
    THEN char_length(value) + regexp_count(value, '[\u000c\u005b-\u005e\u007b-\u007e\u20ac]')
  END
$$;--> statement-breakpoint
-- The room it takes in a UCS-2 message: UTF-16 units (a character past U+FFFF is two).
CREATE FUNCTION "sms_utf16_units"(value text) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT char_length(value) + regexp_count(value, '[\U00010000-\U0010ffff]')
$$;--> statement-breakpoint
ALTER TABLE "contacts"
  ADD COLUMN "sms_name" text GENERATED ALWAYS AS (contact_sms_name(name)) STORED,
  ADD COLUMN "sms_name_gsm_units" integer GENERATED ALWAYS AS (sms_gsm_units(contact_sms_name(name))) STORED,
  ADD COLUMN "sms_name_utf16_units" integer GENERATED ALWAYS AS (sms_utf16_units(contact_sms_name(name))) STORED,
  ADD COLUMN "can_get_sms" boolean;--> statement-breakpoint
-- From now on the server sets it with libphonenumber wherever a number is written. Every number written
-- before went through the same parser (the forms, the API and the import take only mobiles), so the
-- number's shape is enough for them: +91 and ten digits from 6.
UPDATE "contacts" SET "can_get_sms" = "mobile_number" ~ '^\+91[6-9][0-9]{9}$';--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "can_get_sms" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "written_through_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "messages_written_at" timestamp with time zone;--> statement-breakpoint
-- Campaigns sent before wrote their messages when they started.
UPDATE "campaigns" SET "messages_written_at" = coalesce("started_at", "updated_at") WHERE "status" <> 'draft';
