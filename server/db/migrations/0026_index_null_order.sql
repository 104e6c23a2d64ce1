-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "testimonials_approved_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "testimonials_featured_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "testimonials_status_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "classes_created_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "news_status_created_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "quotes_category_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "resources_published_created_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "resources_type_created_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "ai_conversations_user_created_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "ai_conversations_user_course_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "ai_questions_key_created_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "student_notes_user_created_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
DROP INDEX "student_notes_user_course_idx";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "testimonials_approved_idx" ON "testimonials" USING btree ("submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "testimonials"."status" = 'approved';--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "testimonials_featured_idx" ON "testimonials" USING btree ("submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "testimonials"."status" = 'approved' and "testimonials"."is_featured";--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "testimonials_status_idx" ON "testimonials" USING btree ("status","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "classes_created_idx" ON "classes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "news_status_created_idx" ON "news" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "quotes_category_idx" ON "quotes" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "resources_published_created_idx" ON "resources" USING btree ("is_published","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "resources_type_created_idx" ON "resources" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "ai_conversations_user_created_idx" ON "ai_conversations" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "ai_conversations_user_course_idx" ON "ai_conversations" USING btree ("user_id","course_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "ai_questions_key_created_idx" ON "ai_questions" USING btree ("question_key","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "student_notes_user_created_idx" ON "student_notes" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- safe: rebuilt so ORDER BY … DESC (nulls first, PostgreSQL's default) can read it in order; these tables hold a school's content (hundreds to thousands of rows) or are new in this release
CREATE INDEX "student_notes_user_course_idx" ON "student_notes" USING btree ("user_id","course_id","created_at" DESC NULLS FIRST);
