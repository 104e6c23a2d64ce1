-- The SQL half of title-search.ts. The current definition: a migration applies a change made here,
-- and `npm run db:check` fails while the migrated database differs from this file.
--
-- The Chinese characters of a text, one by one and two by two, as words for the 'simple' text
-- search configuration: a run of characters is then found inside a longer run (see title-search.ts).
CREATE OR REPLACE FUNCTION search_cjk_grams(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN value !~ '[\u3400-\u9fff\uf900-\ufaff]' THEN '' ELSE (
    SELECT coalesce(string_agg(substr(run[1], i, 1) || CASE WHEN i < char_length(run[1]) THEN ' ' || substr(run[1], i, 2) ELSE '' END, ' '), '')
    FROM regexp_matches(value, '[\u3400-\u9fff\uf900-\ufaff]+', 'g') AS run, generate_series(1, char_length(run[1])) AS i
  ) END
$$;
