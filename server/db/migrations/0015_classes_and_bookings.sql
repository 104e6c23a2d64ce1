CREATE TABLE "class_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"enrollment_id" uuid,
	"user_id" uuid,
	"name" text NOT NULL,
	"drop_in" boolean DEFAULT false NOT NULL,
	"method" text NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_attendance_method_check" CHECK ("class_attendance"."method" in ('roster', 'self'))
);
--> statement-breakpoint
CREATE TABLE "class_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text,
	"email" text,
	"phone" text,
	"notes" text,
	"status" text DEFAULT 'enrolled' NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dropped_at" timestamp with time zone,
	CONSTRAINT "class_enrollments_status_check" CHECK ("class_enrollments"."status" in ('enrolled', 'dropped')),
	CONSTRAINT "class_enrollments_person_check" CHECK ("class_enrollments"."user_id" is not null or ("class_enrollments"."name" is not null and "class_enrollments"."email" is not null)),
	CONSTRAINT "class_enrollments_dropped_check" CHECK (("class_enrollments"."status" = 'dropped') = ("class_enrollments"."dropped_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "class_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_meetings_code_check" CHECK ("class_meetings"."code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "class_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"user_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"seq" bigserial NOT NULL,
	"token_hash" text,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_signups_kind_check" CHECK ("class_signups"."kind" in ('interest', 'waitlist')),
	CONSTRAINT "class_signups_status_check" CHECK ("class_signups"."status" in ('waiting', 'offered', 'accepted', 'expired', 'withdrawn')),
	CONSTRAINT "class_signups_offer_check" CHECK (("class_signups"."status" = 'offered') = ("class_signups"."offer_expires_at" is not null and "class_signups"."token_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_name" text NOT NULL,
	"description" text,
	"instructor_name" text NOT NULL,
	"location" text NOT NULL,
	"class_type" text NOT NULL,
	"skill_focus" text NOT NULL,
	"class_duration" integer NOT NULL,
	"max_capacity" integer NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"age_restrictions" text DEFAULT 'All ages' NOT NULL,
	"requires_membership" boolean DEFAULT false NOT NULL,
	"waitlist_enabled" boolean DEFAULT true NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"video_embed_url" text,
	"sessions" jsonb NOT NULL,
	"week_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_type_check" CHECK ("classes"."class_type" in ('beginner', 'intermediate', 'advanced', 'open_level')),
	CONSTRAINT "classes_capacity_check" CHECK ("classes"."max_capacity" >= 1),
	CONSTRAINT "classes_price_check" CHECK ("classes"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_type" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"notes" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"user_id" uuid,
	"manage_token_hash" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_appointment_type_check" CHECK ("bookings"."appointment_type" in ('workshop', 'private_class')),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "bookings_end_after_start_check" CHECK ("bookings"."end_time" > "bookings"."start_time")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_meeting_id_class_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."class_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_enrollment_id_class_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."class_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_enrollments" ADD CONSTRAINT "class_enrollments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_enrollments" ADD CONSTRAINT "class_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_meetings" ADD CONSTRAINT "class_meetings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_signups" ADD CONSTRAINT "class_signups_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_signups" ADD CONSTRAINT "class_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_attendance_unique" ON "class_attendance" USING btree ("meeting_id","enrollment_id");--> statement-breakpoint
CREATE INDEX "class_attendance_user_idx" ON "class_attendance" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "class_attendance_enrollment_idx" ON "class_attendance" USING btree ("enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_enrollments_member_unique" ON "class_enrollments" USING btree ("class_id","user_id") WHERE "class_enrollments"."status" = 'enrolled' and "class_enrollments"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "class_enrollments_manual_unique" ON "class_enrollments" USING btree ("class_id","email") WHERE "class_enrollments"."status" = 'enrolled' and "class_enrollments"."user_id" is null;--> statement-breakpoint
CREATE INDEX "class_enrollments_class_idx" ON "class_enrollments" USING btree ("class_id","status");--> statement-breakpoint
CREATE INDEX "class_enrollments_user_idx" ON "class_enrollments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_meetings_unique" ON "class_meetings" USING btree ("class_id","date","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "class_signups_email_unique" ON "class_signups" USING btree ("class_id","email","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "class_signups_token_unique" ON "class_signups" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "class_signups_queue_idx" ON "class_signups" USING btree ("class_id","kind","status","seq");--> statement-breakpoint
CREATE INDEX "class_signups_user_idx" ON "class_signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "classes_published_idx" ON "classes" USING btree ("week_order","id") WHERE "classes"."is_published";--> statement-breakpoint
CREATE INDEX "classes_created_idx" ON "classes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_manage_token_hash_key" ON "bookings" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "bookings_start_time_idx" ON "bookings" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "bookings_user_id_idx" ON "bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");