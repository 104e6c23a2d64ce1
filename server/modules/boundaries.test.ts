import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The module boundaries of docs/architecture.md, as the project's own lint configuration enforces
 * them: each case lints a few lines as if they stood in a real module file.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries', { timeout: 60_000 }, () => {
  it("refuses a write to another domain's table and names its owner", async () => {
    const found = await problems(
      'server/modules/reviews/reviews.repo.ts',
      [
        "import type { Db } from '../../db/client';",
        "import { courses, reviews } from '../../db/schema';",
        'export async function touch(db: Db, id: string) {',
        '  await db.update(reviews).set({ comment: null });',
        "  await db.update(courses).set({ title: 'x' });",
        '  return db.select().from(courses).where(undefined).limit(1 + id.length);',
        '}',
      ].join('\n'),
    );
    expect(found).toEqual([
      "kwoon/table-ownership: 'courses' belongs to 'courses' (docs/architecture.md, Table ownership): ask that service to change it instead of writing it from 'reviews'.",
    ]);
  });

  it("refuses an import of another module's repo, and allows its service", async () => {
    const found = await problems(
      'server/modules/reviews/reviews.service.ts',
      [
        "import { createCoursesRepo } from '../courses/courses.repo';",
        "import { createCoursesService } from '../courses/courses.service';",
        'export const parts = [createCoursesRepo, createCoursesService];',
      ].join('\n'),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^no-restricted-imports: '\.\.\/courses\/courses\.repo' .* through its service only/,
    );
  });
});
