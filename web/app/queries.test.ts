import { matchQuery, QueryCache, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queries } from './queries';

const USER_ID = '11111111-1111-4111-8111-111111111111';
const COURSE_ID = '22222222-2222-4222-8222-222222222222';
const LESSON_ID = '33333333-3333-4333-8333-333333333333';
const POST_ID = '44444444-4444-4444-8444-444444444444';
const page = { limit: 10, offset: 20 };

/** Every factory of the registry, called once, by domain. */
const keysByDomain = {
  aiSifu: [
    queries.aiSifu.usage(USER_ID).queryKey,
    queries.aiSifu.knowledge(POST_ID).queryKey,
    queries.aiSifu.stats(USER_ID).queryKey,
    queries.aiSifu.history(USER_ID, 2).queryKey,
    queries.aiSifu.search(USER_ID, 'rooting').queryKey,
    queries.aiSifu.course(USER_ID, COURSE_ID, 5).queryKey,
  ],
  aiSifuAdmin: [
    queries.aiSifuAdmin.analytics().queryKey,
    queries.aiSifuAdmin.popularQuestions(10).queryKey,
    queries.aiSifuAdmin.knowledge({ kind: null, q: '' }, page).queryKey,
    queries.aiSifuAdmin.knowledge({ kind: 'term', q: 'stance' }, page).queryKey,
    queries.aiSifuAdmin.entry(POST_ID).queryKey,
  ],
  blog: [
    queries.blog.adminList({ ...page }).queryKey,
    queries.blog.adminList({ status: 'draft', tag: 'basics', search: 'tree', ...page }).queryKey,
    queries.blog.stats().queryKey,
    queries.blog.adminPost(POST_ID).queryKey,
    queries.blog.slugFor('Standing Like a Tree', null).queryKey,
    queries.blog.tags().queryKey,
  ],
  bookings: [
    queries.bookings.adminList({ status: null, from: '2026-03-01', to: '2026-03-31' }, page).queryKey,
    queries.bookings.adminList({ status: 'cancelled', from: '2026-03-01', to: '2026-04-30' }, page).queryKey,
  ],
  classes: [
    queries.classes.adminList('all', page).queryKey,
    queries.classes.adminList('draft', page).queryKey,
    queries.classes.detail(COURSE_ID).queryKey,
    queries.classes.stats().queryKey,
    queries.classes.upcoming(10).queryKey,
    queries.classes.enrollments(COURSE_ID).queryKey,
    queries.classes.roster(COURSE_ID, { date: '2026-03-08' }).queryKey,
    queries.classes.roster(COURSE_ID, { date: '2026-03-08', start_time: '18:00' }).queryKey,
    queries.classes.attendanceHistory(COURSE_ID, page).queryKey,
    queries.classes.mine(USER_ID).queryKey,
    queries.classes.myAttendance(USER_ID, page).queryKey,
  ],
  community: [
    queries.community.overview().queryKey,
    queries.community.moreStudents(COURSE_ID).queryKey,
    queries.community.profile(USER_ID).queryKey,
  ],
  courses: [
    queries.courses.list().queryKey,
    queries.courses.list({ isSeries: true }).queryKey,
    queries.courses.detail(COURSE_ID).queryKey,
    queries.courses.students(COURSE_ID).queryKey,
  ],
  courseRequests: [queries.courseRequests.admin('pending', page).queryKey],
  enrollments: [queries.enrollments.recent(page).queryKey],
  news: [
    queries.news.published(page).queryKey,
    queries.news.detail(POST_ID).queryKey,
    queries.news.search('seminar', page).queryKey,
    queries.news.tagged('events', page).queryKey,
    queries.news.tags().queryKey,
    queries.news.admin('all', page).queryKey,
  ],
  messages: [
    queries.messages.conversations(USER_ID, '').queryKey,
    queries.messages.conversations(USER_ID, 'mei').queryKey,
    queries.messages.conversation(COURSE_ID).queryKey,
    queries.messages.history(COURSE_ID).queryKey,
    queries.messages.deleted(USER_ID).queryKey,
    queries.messages.unreadCount(USER_ID).queryKey,
    queries.messages.search(USER_ID, 'rooting').queryKey,
    queries.messages.recent(USER_ID).queryKey,
  ],
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
  quotes: [queries.quotes.random().queryKey, queries.quotes.admin(null, page).queryKey],
  resources: [
    queries.resources.list(null, page).queryKey,
    queries.resources.detail(POST_ID).queryKey,
    queries.resources.admin({ type: null, status: 'all', q: '' }, page).queryKey,
    queries.resources.stats().queryKey,
  ],
  reviews: [
    queries.reviews.summary(COURSE_ID).queryKey,
    queries.reviews.list(COURSE_ID).queryKey,
    queries.reviews.byUser(USER_ID, COURSE_ID).queryKey,
    queries.reviews.moderation(page).queryKey,
  ],
  school: [queries.school.settings().queryKey],
  search: [queries.search.results('tree').queryKey, queries.search.results('tree', 3).queryKey],
  terms: [queries.terms.status(USER_ID).queryKey],
  testimonials: [
    queries.testimonials.published({ limit: 6 }).queryKey,
    queries.testimonials.published({ limit: 5, featured: true }).queryKey,
    queries.testimonials.list('pending', page).queryKey,
    queries.testimonials.list('all', page).queryKey,
    queries.testimonials.stats().queryKey,
  ],
  users: [
    queries.users.profile(USER_ID).queryKey,
    queries.users.list({ q: '', role: null, ...page }).queryKey,
    queries.users.list({ q: 'mei', role: 'student', ...page }).queryKey,
  ],
} satisfies Record<keyof typeof queries, readonly (readonly unknown[])[]>;

/** Whether a filter key would select a query of the given key, as invalidateQueries decides. */
function selects(filterKey: readonly unknown[], queryKey: readonly unknown[]): boolean {
  const query = new QueryCache().build(new QueryClient(), { queryKey: [...queryKey] });
  return matchQuery({ queryKey: filterKey }, query);
}

describe('the query registry', () => {
  it("lets the classes' admin scope select the admin's reads and leave the member's own alone", () => {
    const admin = queries.classes.admin;
    expect(selects(admin, queries.classes.roster(COURSE_ID, { date: '2026-03-08' }).queryKey)).toBe(true);
    expect(selects(admin, queries.classes.mine(USER_ID).queryKey)).toBe(false);
  });

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

  it("lets a user's conversation lists be refreshed together, whatever the search", () => {
    const lists = queries.messages.conversationLists(USER_ID);
    expect(selects(lists, queries.messages.conversations(USER_ID, 'mei').queryKey)).toBe(true);
    expect(selects(lists, queries.messages.conversations(USER_ID, '').queryKey)).toBe(true);
    expect(selects(lists, queries.messages.unreadCount(USER_ID).queryKey)).toBe(false);
  });

  it("lets the admin scope of testimonials select the admin's lists and counts, not the public ones", () => {
    const admin = queries.testimonials.admin;
    expect(selects(admin, queries.testimonials.list('rejected', page).queryKey)).toBe(true);
    expect(selects(admin, queries.testimonials.stats().queryKey)).toBe(true);
    expect(selects(admin, queries.testimonials.published({ limit: 6 }).queryKey)).toBe(false);
  });

  it("lets the blog's admin scope select every admin read and leave the public tags alone", () => {
    const admin = queries.blog.admin;
    expect(selects(admin, queries.blog.adminList({ ...page }).queryKey)).toBe(true);
    expect(selects(admin, queries.blog.stats().queryKey)).toBe(true);
    expect(selects(admin, queries.blog.adminPost(POST_ID).queryKey)).toBe(true);
    expect(selects(admin, queries.blog.slugFor('Title', POST_ID).queryKey)).toBe(true);
    expect(selects(admin, queries.blog.tags().queryKey)).toBe(false);
  });
});
