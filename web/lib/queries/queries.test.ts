import { matchQuery, QueryCache, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queries } from '.';

const USER_ID = '11111111-1111-4111-8111-111111111111';
const COURSE_ID = '22222222-2222-4222-8222-222222222222';
const LESSON_ID = '33333333-3333-4333-8333-333333333333';
const page = { limit: 10, offset: 20 };

/** Every factory of the registry, called once, by domain. */
const keysByDomain = {
  courses: [
    queries.courses.list().queryKey,
    queries.courses.list({ isSeries: true }).queryKey,
    queries.courses.detail(COURSE_ID).queryKey,
    queries.courses.students(COURSE_ID).queryKey,
  ],
  courseRequests: [queries.courseRequests.admin('pending', page).queryKey],
  enrollments: [queries.enrollments.recent(page).queryKey],
  payments: [
    queries.payments.orders(USER_ID, page).queryKey,
    queries.payments.subscription(USER_ID).queryKey,
    queries.payments.localCheckout('cs_test').queryKey,
  ],
  progress: [
    queries.progress.lessons(USER_ID, COURSE_ID).queryKey,
    queries.progress.lastQuizAttempt(USER_ID, LESSON_ID).queryKey,
    queries.progress.quizResults(LESSON_ID, page).queryKey,
  ],
  reviews: [
    queries.reviews.summary(COURSE_ID).queryKey,
    queries.reviews.list(COURSE_ID).queryKey,
    queries.reviews.byUser(USER_ID, COURSE_ID).queryKey,
    queries.reviews.moderation(page).queryKey,
  ],
  terms: [queries.terms.status(USER_ID).queryKey],
  users: [queries.users.profile(USER_ID).queryKey],
} satisfies Record<keyof typeof queries, readonly (readonly unknown[])[]>;

/** Whether a filter key would select a query of the given key, as invalidateQueries decides. */
function selects(filterKey: readonly unknown[], queryKey: readonly unknown[]): boolean {
  const query = new QueryCache().build(new QueryClient(), { queryKey: [...queryKey] });
  return matchQuery({ queryKey: filterKey }, query);
}

describe('the query registry', () => {
  it.each(Object.entries(keysByDomain))(
    'keys every %s read as [domain, scope, ...params]',
    (domain, keys) => {
      const all = queries[domain as keyof typeof queries].all;
      for (const key of keys) {
        expect(key[0]).toBe(all[0]);
        expect(typeof key[1]).toBe('string');
        for (const part of key.slice(2))
          expect(typeof part === 'object' || typeof part === 'string').toBe(true);
        expect(selects(all, key)).toBe(true);
      }
    },
  );

  it('gives no two reads one key, so one key never holds two shapes', () => {
    const keys = Object.values(keysByDomain)
      .flat()
      .map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps domains apart: one domain prefix selects none of the others', () => {
    for (const [domain, keys] of Object.entries(keysByDomain)) {
      for (const other of Object.keys(keysByDomain).filter((name) => name !== domain)) {
        const all = queries[other as keyof typeof queries].all;
        for (const key of keys) expect(selects(all, key)).toBe(false);
      }
    }
  });

  it('lets a course scope select everything cached about that course and nothing of another', () => {
    const ofCourse = queries.reviews.ofCourse(COURSE_ID);
    expect(selects(ofCourse, queries.reviews.list(COURSE_ID).queryKey)).toBe(true);
    expect(selects(ofCourse, queries.reviews.summary(COURSE_ID).queryKey)).toBe(true);
    expect(selects(ofCourse, queries.reviews.byUser(USER_ID, COURSE_ID).queryKey)).toBe(true);
    expect(selects(ofCourse, queries.reviews.list(LESSON_ID).queryKey)).toBe(false);
    expect(selects(queries.courses.lists, queries.courses.list({ isSeries: false }).queryKey)).toBe(true);
    expect(selects(queries.courses.lists, queries.courses.detail(COURSE_ID).queryKey)).toBe(false);
  });
});
