-- The current definitions: a migration applies a change made here, and `npm run db:check` fails
-- while the migrated database differs from this file.
--
-- AI Sifu's cached answers are forgotten when what they drew on changes, in the transaction of the
-- change, so no later question is answered from text the school has since edited or removed.
-- Knowledge entries: an edit of what an answer quotes (title, text, hanzi, pinyin, source) or a
-- deletion forgets the answers that cite the entry; any new or edited entry also forgets the honest
-- "not found" answers (drawn on nothing), which it may now answer.
CREATE OR REPLACE FUNCTION ai_answer_cache_forget_knowledge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM ai_answer_cache WHERE drawn_on @> ARRAY[OLD.id];
    RETURN OLD;
  END IF;
  DELETE FROM ai_answer_cache WHERE drawn_on @> ARRAY[OLD.id] OR drawn_on = '{}'::uuid[];
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ai_answer_cache_knowledge_change AFTER UPDATE OF title, body, hanzi, pinyin, source ON knowledge_entries
  FOR EACH ROW WHEN (
    OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body
    OR OLD.hanzi IS DISTINCT FROM NEW.hanzi OR OLD.pinyin IS DISTINCT FROM NEW.pinyin
    OR OLD.source IS DISTINCT FROM NEW.source
  ) EXECUTE FUNCTION ai_answer_cache_forget_knowledge();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ai_answer_cache_knowledge_delete AFTER DELETE ON knowledge_entries
  FOR EACH ROW EXECUTE FUNCTION ai_answer_cache_forget_knowledge();
--> statement-breakpoint
-- Once per statement: an import of many entries forgets the "not found" answers once.
CREATE OR REPLACE FUNCTION ai_answer_cache_forget_unanswered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ai_answer_cache WHERE drawn_on = '{}'::uuid[];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ai_answer_cache_knowledge_insert AFTER INSERT ON knowledge_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ai_answer_cache_forget_unanswered();
--> statement-breakpoint
-- Lessons: an edit of a lesson's title or text, a move to another module, or its deletion forgets
-- the answers that drew on it; a new or edited lesson also forgets its course's "not found" answers.
CREATE OR REPLACE FUNCTION ai_answer_cache_forget_lesson() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM ai_answer_cache WHERE drawn_on @> ARRAY[OLD.id];
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM ai_answer_cache
    WHERE drawn_on = '{}'::uuid[]
      AND course_id = (SELECT course_id FROM modules WHERE id = NEW.module_id);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ai_answer_cache_lesson_insert AFTER INSERT ON lessons
  FOR EACH ROW EXECUTE FUNCTION ai_answer_cache_forget_lesson();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ai_answer_cache_lesson_change AFTER UPDATE OF title, content_text, module_id ON lessons
  FOR EACH ROW WHEN (
    OLD.title IS DISTINCT FROM NEW.title OR OLD.content_text IS DISTINCT FROM NEW.content_text
    OR OLD.module_id IS DISTINCT FROM NEW.module_id
  ) EXECUTE FUNCTION ai_answer_cache_forget_lesson();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ai_answer_cache_lesson_delete AFTER DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION ai_answer_cache_forget_lesson();
