-- The current definitions: a migration applies a change made here, and `npm run db:check` fails
-- while the migrated database differs from this file.
--
-- The analytics' figures kept as questions are logged and removed, in the statement that logs or
-- removes them: a quarter hour's questions, cached answers and cost, and each question's count,
-- time, cost and latest wording.
CREATE OR REPLACE FUNCTION ai_questions_count() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER ai_questions_count AFTER INSERT OR DELETE ON ai_questions
  FOR EACH ROW EXECUTE FUNCTION ai_questions_count();
