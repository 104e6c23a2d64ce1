CREATE TABLE "ai_answer_cache" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"question_key" text NOT NULL,
	"response_text" text NOT NULL,
	"sources" jsonb NOT NULL,
	"drawn_on" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_hit_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid,
	"question_text" text NOT NULL,
	"response_text" text NOT NULL,
	"sources" jsonb DEFAULT '{"terms_used":[],"manual_sections":[],"classical_references":[],"lessons_used":[]}'::jsonb NOT NULL,
	"cached_response" boolean DEFAULT false NOT NULL,
	"response_time_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"course_id" uuid,
	"question_key" text NOT NULL,
	"question_text" text NOT NULL,
	"cached" boolean NOT NULL,
	"provider" text NOT NULL,
	"cost_cents" double precision DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"response_time_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_questions_cost_check" CHECK ("ai_questions"."cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"period" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_usage_user_id_scope_period_pk" PRIMARY KEY("user_id","scope","period"),
	CONSTRAINT "ai_usage_used_check" CHECK ("ai_usage"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "knowledge_courses" (
	"knowledge_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "knowledge_courses_knowledge_id_course_id_pk" PRIMARY KEY("knowledge_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"hanzi" text,
	"pinyin" text,
	"source" text,
	"related_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(hanzi, '')) || ' ' || translate(lower(coalesce(pinyin, '')), 'āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü', 'aaaaeeeeiiiioooouuuuuuuuu') || ' ' || replace(translate(lower(coalesce(pinyin, '')), 'āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü', 'aaaaeeeeiiiioooouuuuuuuuu'), ' ', '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(source, '')), 'C')) STORED,
	"title_search" "tsvector" GENERATED ALWAYS AS ((to_tsvector('english'::regconfig, coalesce(coalesce(title, '') || ' ' || coalesce(hanzi, ''), '')) || to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(coalesce(title, '') || ' ' || coalesce(hanzi, ''), ''))))) STORED,
	CONSTRAINT "knowledge_entries_kind_check" CHECK ("knowledge_entries"."kind" in ('term', 'manual', 'classic'))
);
--> statement-breakpoint
CREATE TABLE "student_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ai_conversation_id" uuid NOT NULL,
	"course_id" uuid,
	"note_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_answer_cache" ADD CONSTRAINT "ai_answer_cache_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_questions" ADD CONSTRAINT "ai_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_questions" ADD CONSTRAINT "ai_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_courses" ADD CONSTRAINT "knowledge_courses_knowledge_id_knowledge_entries_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledge_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_courses" ADD CONSTRAINT "knowledge_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_ai_conversation_id_ai_conversations_id_fk" FOREIGN KEY ("ai_conversation_id") REFERENCES "public"."ai_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_notes" ADD CONSTRAINT "student_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_answer_cache_question_key" ON "ai_answer_cache" USING btree ("course_id","question_key");--> statement-breakpoint
CREATE INDEX "ai_answer_cache_drawn_on_idx" ON "ai_answer_cache" USING gin ("drawn_on");--> statement-breakpoint
CREATE INDEX "ai_conversations_user_created_idx" ON "ai_conversations" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_conversations_user_course_idx" ON "ai_conversations" USING btree ("user_id","course_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_conversations_created_idx" ON "ai_conversations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_questions_created_idx" ON "ai_questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_questions_key_idx" ON "ai_questions" USING btree ("question_key");--> statement-breakpoint
CREATE INDEX "ai_questions_user_created_idx" ON "ai_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_courses_course_idx" ON "knowledge_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_entries_key_key" ON "knowledge_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "knowledge_entries_kind_title_idx" ON "knowledge_entries" USING btree ("kind","title");--> statement-breakpoint
CREATE INDEX "knowledge_entries_search_idx" ON "knowledge_entries" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_entries_title_search_idx" ON "knowledge_entries" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "knowledge_entries_title_trgm_idx" ON "knowledge_entries" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "student_notes_conversation_key" ON "student_notes" USING btree ("ai_conversation_id");--> statement-breakpoint
CREATE INDEX "student_notes_user_created_idx" ON "student_notes" USING btree ("user_id","created_at" DESC NULLS LAST);