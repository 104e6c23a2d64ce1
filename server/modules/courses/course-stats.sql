-- course_stats, kept by triggers in the transaction of each change to a course, its modules and
-- lessons, its enrolments and its published reviews, so the catalogue reads one row per course.
-- The current definitions: a migration applies a change made here, and `npm run db:check` fails
-- while the migrated database differs from this file.
--
-- Each course gets its row when it is created. It goes when the course goes, after the cascades
-- of that deletion (the RI_ triggers fire first, by name) have counted their rows out of it.
CREATE OR REPLACE FUNCTION course_stats_courses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO course_stats (course_id) VALUES (NEW.id);
    RETURN NEW;
  END IF;
  DELETE FROM course_stats WHERE course_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER course_stats_courses AFTER INSERT OR DELETE ON courses
  FOR EACH ROW EXECUTE FUNCTION course_stats_courses();
--> statement-breakpoint
-- Modules. A module about to be deleted takes its lessons' counts with it here, while they are
-- still there: the lessons its deletion cascades to no longer find their module (below).
CREATE OR REPLACE FUNCTION course_stats_modules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  minutes integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE course_stats SET module_count = module_count + 1 WHERE course_id = NEW.course_id;
    RETURN NEW;
  END IF;
  SELECT count(*), coalesce(sum(duration_minutes), 0) INTO n, minutes FROM lessons WHERE module_id = OLD.id;
  IF TG_OP = 'DELETE' THEN
    UPDATE course_stats SET module_count = module_count - 1, lesson_count = lesson_count - n,
      total_duration_minutes = total_duration_minutes - minutes
    WHERE course_id = OLD.course_id;
    RETURN OLD;
  END IF;
  IF NEW.course_id IS DISTINCT FROM OLD.course_id THEN
    UPDATE course_stats SET module_count = module_count - 1, lesson_count = lesson_count - n,
      total_duration_minutes = total_duration_minutes - minutes
    WHERE course_id = OLD.course_id;
    UPDATE course_stats SET module_count = module_count + 1, lesson_count = lesson_count + n,
      total_duration_minutes = total_duration_minutes + minutes
    WHERE course_id = NEW.course_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER course_stats_modules_insert AFTER INSERT ON modules
  FOR EACH ROW EXECUTE FUNCTION course_stats_modules();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER course_stats_modules_change BEFORE UPDATE OF course_id OR DELETE ON modules
  FOR EACH ROW EXECUTE FUNCTION course_stats_modules();
--> statement-breakpoint
-- Lessons count toward the course of their module; a lesson whose module is gone was counted
-- out with the module.
CREATE OR REPLACE FUNCTION course_stats_lessons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE course_stats SET lesson_count = lesson_count - 1,
      total_duration_minutes = total_duration_minutes - OLD.duration_minutes
    WHERE course_id = (SELECT course_id FROM modules WHERE id = OLD.module_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE course_stats SET lesson_count = lesson_count + 1,
      total_duration_minutes = total_duration_minutes + NEW.duration_minutes
    WHERE course_id = (SELECT course_id FROM modules WHERE id = NEW.module_id);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER course_stats_lessons AFTER INSERT OR DELETE OR UPDATE OF module_id, duration_minutes ON lessons
  FOR EACH ROW EXECUTE FUNCTION course_stats_lessons();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_stats_enrollments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE course_stats SET enrolled_students = enrolled_students - 1, progress_sum = progress_sum - OLD.progress
    WHERE course_id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE course_stats SET enrolled_students = enrolled_students + 1, progress_sum = progress_sum + NEW.progress
    WHERE course_id = NEW.course_id;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER course_stats_enrollments AFTER INSERT OR DELETE OR UPDATE OF course_id, progress ON enrollments
  FOR EACH ROW EXECUTE FUNCTION course_stats_enrollments();
--> statement-breakpoint
-- Only published reviews count.
CREATE OR REPLACE FUNCTION course_stats_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.is_published THEN
    UPDATE course_stats SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE course_id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.is_published THEN
      UPDATE course_stats SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
      WHERE course_id = NEW.course_id;
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER course_stats_reviews AFTER INSERT OR DELETE OR UPDATE OF course_id, rating, is_published ON reviews
  FOR EACH ROW EXECUTE FUNCTION course_stats_reviews();
