import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The module boundaries of docs/architecture.md, as the project's own lint configuration enforces
 * them: each case lints a few lines in place of a real file's text (typed linting needs a file
 * its project knows).
 */
const eslint = new ESLint({ cwd: process.cwd() });
/** The first typed lint of a file builds the whole TypeScript program: a minute or more on a busy machine. */
const TYPED_LINT_TIMEOUT = 180_000;

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries', { timeout: TYPED_LINT_TIMEOUT }, () => {
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
      "kwoon/table-ownership: 'courses' belongs to 'courses' (declared in server/modules/courses/courses.schema.ts): ask that service to change it instead of writing it from 'reviews'.",
    ]);
  });

  it('takes the owner from the folder that declares the table, whichever file it is imported from', async () => {
    const found = await problems(
      'server/modules/users/users.repo.ts',
      [
        "import type { Db } from '../../db/client';",
        "import { sessions } from '../../platform/sessions.schema';",
        "import { users } from './users.schema';",
        'export async function touch(db: Db, id: string) {',
        '  await db.update(users).set({ name: id });',
        '  await db.delete(sessions);',
        '}',
      ].join('\n'),
    );
    expect(found).toEqual([
      "kwoon/table-ownership: 'sessions' belongs to 'platform' (declared in server/platform/sessions.schema.ts): ask that service to change it instead of writing it from 'users'.",
    ]);
  });

  it("refuses the platform a write to a module's table", async () => {
    const found = await problems(
      'server/platform/mail.ts',
      [
        "import type { Db } from '../db/client';",
        "import { mailOutbox, users } from '../db/schema';",
        'export async function touch(db: Db) {',
        "  await db.update(mailOutbox).set({ status: 'sent' });",
        '  await db.delete(users);',
        '}',
      ].join('\n'),
    );
    expect(found).toEqual([
      "kwoon/table-ownership: 'users' belongs to 'users' (declared in server/modules/users/users.schema.ts): ask that service to change it instead of writing it from 'platform'.",
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
      /^boundaries\/dependencies: .*"server-module".*module="reviews".*module="courses"/,
    );
  });
});

describe('zones', { timeout: TYPED_LINT_TIMEOUT }, () => {
  const importing = (source: string) => `import * as other from '${source}';\nexport const used = other;\n`;

  it.each([
    ['common/api.ts', '../server/config', 'common imports the server'],
    ['server/config.ts', '../web/lib/format', 'the server imports the web app'],
    ['web/lib/format.ts', '../features/payments/api', 'lib imports a feature'],
    ['web/components/page-loader.tsx', '../app/theme', 'components import the app'],
    [
      'web/features/courses/course-format.ts',
      '../payments/order-history',
      "a feature imports another's internals",
    ],
    [
      'server/modules/site/site.service.ts',
      '../../../web/site/blog/blog-list-page',
      'the server takes a value from a public page, not from common/',
    ],
  ])('refuses: %s → %s (%s)', async (file, source) => {
    const found = await problems(file, importing(source));
    expect(found.some((p) => p.startsWith('boundaries/dependencies:'))).toBe(true);
  });

  it.each([
    ['web/features/courses/course-format.ts', './course-card'],
    ['web/features/courses/course-format.ts', '../../lib/format'],
    ['web/app/routes.tsx', '../features/payments/order-history'],
    ['server/modules/reviews/reviews.service.ts', '../../platform/errors'],
    ['server/modules/site/site.service.ts', '../../../web/site/render'],
    // A module's test helpers are test code: the server's test helpers and other domains' files.
    ['server/modules/bookings/test/factories.ts', '../../../test/app'],
    ['server/modules/users/test/access.ts', '../../uploads/multipart-body'],
  ])('allows: %s → %s', async (file, source) => {
    expect(await problems(file, importing(source))).toEqual([]);
  });

  it("lets the server's site module read the public pages' types", async () => {
    const code =
      "import type { SiteSchool } from '../../../web/site/types';\nexport type School = SiteSchool;\n";
    expect(await problems('server/modules/site/site.service.ts', code)).toEqual([]);
  });

  it('keeps Node built-ins out of common/, which also runs in the browser', async () => {
    const found = await problems('common/api.ts', importing('node:fs'));
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*no Node\.js built-ins/)]);
  });
});

describe('comments', { timeout: TYPED_LINT_TIMEOUT }, () => {
  it("refuses a comment that cites the product's specification, a document outside the repository", async () => {
    // Capitalised, as such citations often are: the rule ignores case. The section citation is
    // put together here, so this file does not itself hold one.
    const [document, section] = ['Spec', '\u00a7'];
    const found = await problems(
      'common/api.ts',
      [
        '// Spec: a failed delete is only logged.',
        `/** Toasts close after 3 s (${document} 3 ${section}9). */`,
        "/* The specification's rule. */",
        'export const TOAST_MS = 3000;',
      ].join('\n'),
    );
    const cited = expect.stringMatching(/^kwoon\/no-spec-citations: State the rule itself/);
    expect(found).toEqual([cited, cited, cited]);
  });

  it('allows a comment stating the rule, and a test file named in it', async () => {
    const found = await problems(
      'common/api.ts',
      [
        '// A failed delete is only logged (e2e/a11y.spec.ts checks the page).',
        'export const TOAST_MS = 3000;',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });
});
