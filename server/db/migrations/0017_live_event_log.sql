CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events_horizon" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"deleted_through" bigint NOT NULL,
	CONSTRAINT "live_events_horizon_only_check" CHECK ("live_events_horizon"."only")
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_user_id_id_idx" ON "live_events" USING btree ("user_id","id");