ALTER TABLE "lessons" ADD COLUMN "pass_mark" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_pass_mark_check" CHECK ("lessons"."pass_mark" between 1 and 100);