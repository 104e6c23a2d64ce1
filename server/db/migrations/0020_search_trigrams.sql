-- safe: a stored generated column rewrites the table; courses holds hundreds of rows
ALTER TABLE "courses" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(category, '') || ' ' || coalesce(instructor_name, '')), 'C')) STORED;--> statement-breakpoint
-- safe: a stored generated column rewrites the table; lessons holds tens of thousands of rows (200 × 100 builds in about a second)
ALTER TABLE "lessons" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, case when lesson_type = 'quiz' then '' else coalesce(content_text, '') end), 'C')) STORED;--> statement-breakpoint
-- safe: users holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- safe: users holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
-- safe: users holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- safe: courses holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search");--> statement-breakpoint
-- safe: courses holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- safe: lessons holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "lessons_search_idx" ON "lessons" USING gin ("search");--> statement-breakpoint
-- safe: lessons holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "lessons_title_trgm_idx" ON "lessons" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- safe: blog_posts holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "blog_posts_title_trgm_idx" ON "blog_posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- safe: news holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "news_title_trgm_idx" ON "news" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- safe: resources holds at most tens of thousands of short rows; the build takes about a second
CREATE INDEX "resources_title_trgm_idx" ON "resources" USING gin ("title" gin_trgm_ops);