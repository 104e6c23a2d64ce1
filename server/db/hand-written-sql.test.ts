import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/app';
import type { Database } from './client';
import { handWrittenSqlDrift, readHandWrittenSql, type SqlFile } from './hand-written-sql';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('the hand-written functions and triggers', () => {
  it('are in their *.sql files exactly as the migrations left them', async () => {
    const files = await readHandWrittenSql();
    expect(files.map((f) => f.file)).toEqual([
      'server/db/schema/title-search.sql',
      'server/modules/ai-sifu/answer-cache.sql',
      'server/modules/ai-sifu/question-counts.sql',
      'server/modules/courses/course-stats.sql',
    ]);
    expect(await handWrittenSqlDrift(database.db, files)).toEqual([]);
  });

  it('differ when a file changes a body, misses an object, or declares one no migration created', async () => {
    const files = await readHandWrittenSql();
    const edited: SqlFile[] = files
      .filter((f) => f.file !== 'server/modules/ai-sifu/question-counts.sql')
      .map((f) =>
        f.file === 'server/modules/courses/course-stats.sql'
          ? {
              ...f,
              // The first function, course_stats_courses, answers a deletion differently.
              statements: f.statements.map((s, i) =>
                i === 0 ? s.replace('RETURN OLD;\nEND $$;', () => 'RETURN NULL;\nEND $$;') : s,
              ),
            }
          : f,
      );
    edited.push({
      file: 'server/modules/probe/probe.sql',
      statements: [
        'CREATE OR REPLACE FUNCTION kwoon_probe() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;',
      ],
    });

    expect((await handWrittenSqlDrift(database.db, edited)).sort()).toEqual([
      'function ai_questions_count is created by a migration but declared in no hand-written SQL file.',
      'function course_stats_courses differs between the migrations and server/modules/courses/course-stats.sql.',
      'function kwoon_probe (server/modules/probe/probe.sql) is in no migration.',
      'trigger ai_questions_count is created by a migration but declared in no hand-written SQL file.',
    ]);
    // The comparison applied the files in a transaction it rolled back.
    expect(await handWrittenSqlDrift(database.db, files)).toEqual([]);
  });
});
