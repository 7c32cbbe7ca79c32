-- A #tag written in a post's text is one of its hashtags (app/lib/hashtags.ts postHashtags): the field's tags first,
-- then the text's in order, lower-cased, once each. The character class is the app's \p{L}\p{M}\p{N}_ for the
-- scripts posts are written in here: letters and digits, Latin accents, and the Arabic and Indic scripts' marks.
UPDATE "posts" AS p SET "hashtags" = (
  SELECT coalesce(array_agg(tag ORDER BY first_seen), '{}')
  FROM (
    SELECT tag, min(seen) AS first_seen
    FROM (
      SELECT lower(field.tag) AS tag, field.seen FROM unnest(p."hashtags") WITH ORDINALITY AS field(tag, seen)
      UNION ALL
      SELECT lower(found.match[1]), 100000 + found.seen
      FROM regexp_matches(p."content", '#([[:alnum:]_\u0300-\u036F\u0900-\u0963\u0966-\u0DFF\u064B-\u065F]+)', 'g') WITH ORDINALITY AS found(match, seen)
    ) AS every_tag
    GROUP BY tag
  ) AS distinct_tag
)
WHERE p."content" LIKE '%#%';
