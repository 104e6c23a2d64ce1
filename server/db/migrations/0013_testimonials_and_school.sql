CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_name" text NOT NULL,
	"student_email" text,
	"student_location" text,
	"instructor_context" text NOT NULL,
	"testimonial_text" text NOT NULL,
	"photo_url" text,
	"video_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_status_check" CHECK ("testimonials"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "testimonials_approved_at_check" CHECK (("testimonials"."status" = 'approved') = ("testimonials"."approved_at" is not null)),
	CONSTRAINT "testimonials_rejected_not_featured_check" CHECK (not ("testimonials"."status" = 'rejected' and "testimonials"."is_featured"))
);
--> statement-breakpoint
CREATE TABLE "school_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"area_label" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_url" text,
	"founded_year" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_settings_one_row_check" CHECK ("school_settings"."id")
);
--> statement-breakpoint
CREATE INDEX "testimonials_approved_idx" ON "testimonials" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "testimonials"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "testimonials_featured_idx" ON "testimonials" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "testimonials"."status" = 'approved' and "testimonials"."is_featured";--> statement-breakpoint
CREATE INDEX "testimonials_status_idx" ON "testimonials" USING btree ("status","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "school_settings" ("id", "name", "tagline", "description", "street", "city", "region", "postal_code", "country", "area_label", "email", "phone", "hours", "social_links") VALUES (true, 'Redwood Internal Arts Foundation', 'Xingyiquan, Taijiquan and Baguazhang in Sonoma County', 'A 501(c)(3) nonprofit school of the Chinese internal martial arts. We teach Xingyiquan, Taijiquan and Baguazhang in person in Santa Rosa and online, to students of every age and background. The first week of in-person classes is free.', '1120 Sebastopol Road', 'Santa Rosa', 'CA', '95407', 'United States', 'Sonoma County', 'hello@redwoodinternalarts.org', '(707) 555-0142', '[{"label":"Monday-Friday","days":["Monday","Tuesday","Wednesday","Thursday","Friday"],"closed":false,"opens":"12:00","closes":"20:00"},{"label":"Saturday and Sunday","days":["Saturday","Sunday"],"closed":true,"opens":null,"closes":null}]'::jsonb, '[{"network":"youtube","url":"https://www.youtube.com/@redwoodinternalarts"},{"network":"instagram","url":"https://www.instagram.com/redwoodinternalarts"},{"network":"facebook","url":"https://www.facebook.com/redwoodinternalarts"}]'::jsonb);
