-- The Chinese characters of a text, one by one and two by two, as words for the 'simple' text
-- search configuration: a run of characters is then found inside a longer run (see title-search.ts).
CREATE OR REPLACE FUNCTION search_cjk_grams(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN value !~ '[\u3400-\u9fff\uf900-\ufaff]' THEN '' ELSE (
    SELECT coalesce(string_agg(substr(run[1], i, 1) || CASE WHEN i < char_length(run[1]) THEN ' ' || substr(run[1], i, 2) ELSE '' END, ' '), '')
    FROM regexp_matches(value, '[\u3400-\u9fff\uf900-\ufaff]+', 'g') AS run, generate_series(1, char_length(run[1])) AS i
  ) END
$$;--> statement-breakpoint
-- safe: a stored generated column rewrites the table; courses holds hundreds of rows
ALTER TABLE "courses" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS ((to_tsvector('english'::regconfig, coalesce(title, '')) || to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(title, ''))))) STORED;--> statement-breakpoint
-- safe: a stored generated column rewrites the table; lessons holds tens of thousands of rows (200 × 100 in about a second)
ALTER TABLE "lessons" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS ((to_tsvector('english'::regconfig, coalesce(title, '')) || to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(title, ''))))) STORED;--> statement-breakpoint
-- safe: a stored generated column rewrites the table; blog_posts holds hundreds of rows
ALTER TABLE "blog_posts" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS ((to_tsvector('english'::regconfig, coalesce(title, '')) || to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(title, ''))))) STORED;--> statement-breakpoint
-- safe: a stored generated column rewrites the table; news holds thousands of rows
ALTER TABLE "news" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS ((to_tsvector('english'::regconfig, coalesce(title, '')) || to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(title, ''))))) STORED;--> statement-breakpoint
-- safe: a stored generated column rewrites the table; resources holds thousands of rows
ALTER TABLE "resources" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS ((to_tsvector('english'::regconfig, coalesce(title, '')) || to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(title, ''))))) STORED;--> statement-breakpoint
-- safe: courses holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "courses_title_search_idx" ON "courses" USING gin ("title_search");--> statement-breakpoint
-- safe: lessons holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "lessons_title_search_idx" ON "lessons" USING gin ("title_search");--> statement-breakpoint
-- safe: blog_posts holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "blog_posts_title_search_idx" ON "blog_posts" USING gin ("title_search");--> statement-breakpoint
-- safe: news holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "news_title_search_idx" ON "news" USING gin ("title_search");--> statement-breakpoint
-- safe: resources holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "resources_title_search_idx" ON "resources" USING gin ("title_search");
