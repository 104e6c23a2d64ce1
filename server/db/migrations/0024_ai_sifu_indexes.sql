-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
DROP INDEX "ai_questions_key_idx";--> statement-breakpoint
-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
ALTER TABLE "ai_conversations" ADD COLUMN "origin" text DEFAULT 'asked' NOT NULL;--> statement-breakpoint
-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
CREATE INDEX "ai_conversations_course_idx" ON "ai_conversations" USING btree ("course_id");--> statement-breakpoint
-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
CREATE INDEX "ai_questions_key_created_idx" ON "ai_questions" USING btree ("question_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
CREATE INDEX "ai_questions_course_idx" ON "ai_questions" USING btree ("course_id");--> statement-breakpoint
-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
CREATE INDEX "student_notes_user_course_idx" ON "student_notes" USING btree ("user_id","course_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
CREATE INDEX "student_notes_course_idx" ON "student_notes" USING btree ("course_id");--> statement-breakpoint
-- safe: the AI Sifu tables are new in this release (migration 0022), so they are empty or nearly
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_origin_check" CHECK ("ai_conversations"."origin" in ('asked', 'brought'));