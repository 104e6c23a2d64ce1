CREATE TABLE "ai_question_keys" (
	"question_key" text PRIMARY KEY NOT NULL,
	"usage_count" integer NOT NULL,
	"response_time_ms_total" bigint NOT NULL,
	"cost_cents" double precision NOT NULL,
	"last_asked" timestamp with time zone NOT NULL,
	"latest_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_question_periods" (
	"period_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"cached" integer DEFAULT 0 NOT NULL,
	"cost_cents" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_question_keys_popular_idx" ON "ai_question_keys" USING btree ("usage_count" DESC NULLS FIRST,"last_asked" DESC NULLS FIRST,"question_key");--> statement-breakpoint
-- The analytics' figures kept as questions are logged and removed, in the statement that logs or
-- removes them: a quarter hour's questions, cached answers and cost, and each question's count,
-- time, cost and latest wording.
CREATE FUNCTION ai_questions_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ai_question_periods AS p (period_start, questions, cached, cost_cents)
    VALUES (date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01 00:00:00+00'), 1, NEW.cached::int, NEW.cost_cents)
    ON CONFLICT (period_start) DO UPDATE SET
      questions = p.questions + 1,
      cached = p.cached + excluded.cached,
      cost_cents = p.cost_cents + excluded.cost_cents;
    INSERT INTO ai_question_keys AS k (question_key, usage_count, response_time_ms_total, cost_cents, last_asked, latest_text)
    VALUES (NEW.question_key, 1, NEW.response_time_ms, NEW.cost_cents, NEW.created_at, NEW.question_text)
    ON CONFLICT (question_key) DO UPDATE SET
      usage_count = k.usage_count + 1,
      response_time_ms_total = k.response_time_ms_total + excluded.response_time_ms_total,
      cost_cents = k.cost_cents + excluded.cost_cents,
      last_asked = greatest(k.last_asked, excluded.last_asked),
      latest_text = CASE WHEN excluded.last_asked >= k.last_asked THEN excluded.latest_text ELSE k.latest_text END;
    RETURN NULL;
  END IF;
  UPDATE ai_question_periods SET
    questions = questions - 1,
    cached = cached - OLD.cached::int,
    cost_cents = cost_cents - OLD.cost_cents
  WHERE period_start = date_bin('15 minutes', OLD.created_at, timestamptz '2000-01-01 00:00:00+00');
  DELETE FROM ai_question_periods
  WHERE period_start = date_bin('15 minutes', OLD.created_at, timestamptz '2000-01-01 00:00:00+00') AND questions <= 0;
  UPDATE ai_question_keys SET
    usage_count = usage_count - 1,
    response_time_ms_total = response_time_ms_total - OLD.response_time_ms,
    cost_cents = cost_cents - OLD.cost_cents
  WHERE question_key = OLD.question_key;
  DELETE FROM ai_question_keys WHERE question_key = OLD.question_key AND usage_count <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_questions_count AFTER INSERT OR DELETE ON ai_questions
  FOR EACH ROW EXECUTE FUNCTION ai_questions_count();
--> statement-breakpoint
-- safe: ai_questions is new in this release (migration 0022), so the figures of what it already holds are few to add up
INSERT INTO ai_question_periods (period_start, questions, cached, cost_cents)
  SELECT date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), count(*), count(*) FILTER (WHERE cached), coalesce(sum(cost_cents), 0)
  FROM ai_questions GROUP BY 1;
--> statement-breakpoint
-- safe: ai_questions is new in this release (migration 0022), so the figures of what it already holds are few to add up
INSERT INTO ai_question_keys (question_key, usage_count, response_time_ms_total, cost_cents, last_asked, latest_text)
  SELECT question_key, count(*), sum(response_time_ms), coalesce(sum(cost_cents), 0), max(created_at),
         (array_agg(question_text ORDER BY created_at DESC, id DESC))[1]
  FROM ai_questions GROUP BY question_key;
