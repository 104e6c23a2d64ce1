CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"author" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"video_url" text,
	"audio_url" text,
	"thumbnail" text,
	"duration" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"related_courses" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(author, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'C')) STORED,
	CONSTRAINT "resources_type_check" CHECK ("resources"."type" in ('blog', 'video', 'audio'))
);
--> statement-breakpoint
CREATE INDEX "resources_published_created_idx" ON "resources" USING btree ("is_published","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resources_type_created_idx" ON "resources" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resources_author_idx" ON "resources" USING btree ("author");--> statement-breakpoint
CREATE INDEX "resources_related_courses_idx" ON "resources" USING gin ("related_courses");--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("search");