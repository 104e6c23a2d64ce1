ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Addresses already proven: an administrator's (set by the operator), and one that a confirmation
-- link moved onto the account. Every other account confirms its address from Settings.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "is_admin";--> statement-breakpoint
UPDATE "users" u SET "email_verified_at" = c."confirmed_at"
  FROM (
    SELECT "user_id", "new_email", max("confirmed_at") AS "confirmed_at"
    FROM "email_changes" WHERE "confirmed_at" IS NOT NULL GROUP BY "user_id", "new_email"
  ) c
  WHERE c."user_id" = u."id" AND lower(c."new_email") = lower(u."email") AND u."email_verified_at" IS NULL;
