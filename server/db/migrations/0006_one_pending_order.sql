-- Data fix, written by hand and kept ahead of drizzle-kit's statement (which it must precede):
-- a buyer's older pending orders for a course, beside their newest one, are cancelled, as
-- createCheckout would have cancelled them, so the unique index below can be built.
UPDATE "orders" SET "status" = 'cancelled', "updated_at" = now() WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id", "course_id" ORDER BY "created_at" DESC, "id" DESC) AS "newness" FROM "orders" WHERE "status" = 'pending' AND "course_id" IS NOT NULL) AS "pending" WHERE "newness" > 1);--> statement-breakpoint
-- safe: the partial index covers pending orders only; orders is small and the build brief
CREATE UNIQUE INDEX "orders_one_pending_key" ON "orders" USING btree ("user_id","course_id") WHERE "orders"."status" = 'pending';