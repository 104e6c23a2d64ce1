-- Written by hand: the partial index names the enum in its predicate, so it is rebuilt around the type change.
DROP INDEX "orders_one_pending_key";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_at_check";--> statement-breakpoint
-- safe: enum to text; these tables hold thousands of rows, so the rewrite takes well under a second
ALTER TABLE "courses" ALTER COLUMN "skill_level" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "skill_level" SET DEFAULT 'beginner';--> statement-breakpoint
-- safe: enum to text; these tables hold thousands of rows, so the rewrite takes well under a second
ALTER TABLE "lessons" ALTER COLUMN "lesson_type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "lesson_type" SET DEFAULT 'video';--> statement-breakpoint
-- safe: enum to text; these tables hold thousands of rows, so the rewrite takes well under a second
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "status" SET DEFAULT 'open';--> statement-breakpoint
-- safe: enum to text; these tables hold thousands of rows, so the rewrite takes well under a second
ALTER TABLE "orders" ALTER COLUMN "provider" SET DATA TYPE text;--> statement-breakpoint
-- safe: enum to text; these tables hold thousands of rows, so the rewrite takes well under a second
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
-- safe: rebuilds the index dropped above on the same small table (orders), in the same transaction
CREATE UNIQUE INDEX "orders_one_pending_key" ON "orders" USING btree ("user_id","course_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- safe: enum to text; these tables hold thousands of rows, so the rewrite takes well under a second
ALTER TABLE "subscriptions" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "status" SET DEFAULT 'active';--> statement-breakpoint
-- safe: enum to text; these tables hold thousands of rows, so the rewrite takes well under a second
ALTER TABLE "subscriptions" ALTER COLUMN "provider" SET DATA TYPE text;--> statement-breakpoint
-- safe: email_changes holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
-- safe: password_reset_codes holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" USING btree ("user_id");--> statement-breakpoint
-- safe: media_files holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "media_files_owner_idx" ON "media_files" USING btree ("owner_id");--> statement-breakpoint
-- safe: courses holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "courses_created_by_idx" ON "courses" USING btree ("created_by");--> statement-breakpoint
-- safe: lesson_progress holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "lesson_progress_lesson_idx" ON "lesson_progress" USING btree ("lesson_id");--> statement-breakpoint
-- safe: lesson_progress holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "lesson_progress_course_idx" ON "lesson_progress" USING btree ("course_id");--> statement-breakpoint
-- safe: quiz_attempts holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "quiz_attempts_lesson_idx" ON "quiz_attempts" USING btree ("lesson_id");--> statement-breakpoint
-- safe: review_helpful_votes holds at most some hundred thousand rows; the build takes well under a second
CREATE INDEX "review_helpful_votes_user_idx" ON "review_helpful_votes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_skill_level_check" CHECK ("courses"."skill_level" in ('beginner', 'intermediate', 'advanced'));--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lesson_type_check" CHECK ("lessons"."lesson_type" in ('video', 'article', 'quiz'));--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD CONSTRAINT "local_checkout_sessions_status_check" CHECK ("local_checkout_sessions"."status" in ('open', 'paid', 'failed', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_check" CHECK ("orders"."provider" in ('stripe', 'local'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'failed', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_at_status_check" CHECK (("orders"."status" = 'paid') = ("orders"."paid_at" is not null));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'past_due', 'canceled'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('stripe', 'local'));--> statement-breakpoint
DROP TYPE "public"."lesson_type";--> statement-breakpoint
DROP TYPE "public"."skill_level";--> statement-breakpoint
DROP TYPE "public"."local_checkout_status";--> statement-breakpoint
DROP TYPE "public"."order_status";--> statement-breakpoint
DROP TYPE "public"."payment_provider";--> statement-breakpoint
DROP TYPE "public"."subscription_status";