import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../platform/auth';
import { ACTORS, buildWorld, runCase, type MatrixEntry, type World } from '../test/access-matrix';
import { ACCOUNT_ENTRIES } from './users/test/access';
import { AI_CONVERSATION_ENTRIES } from './ai-sifu/test/access-conversations';
import { AI_ASK_ENTRIES } from './ai-sifu/test/access-ask';
import { AI_SIFU_ENTRIES } from './ai-sifu/test/access';
import { BLOG_ENTRIES } from './blog/test/access';
import { CLASS_ENTRIES } from './classes/test/access';
import { COMMUNITY_ENTRIES } from './community/test/access';
import { BOOKING_ENTRIES } from './bookings/test/access';
import { LEARNING_ENTRIES } from './courses/test/access';
import { MESSAGE_ENTRIES } from './messages/test/access';
import { NEWS_ENTRIES } from './news/test/access';
import { RESOURCE_ENTRIES } from './resources/test/access';
import { TESTIMONIAL_ENTRIES } from './testimonials/test/access';
import { createTestApp, type TestApp } from '../test/app';
import { listRoutes, routeKey } from '../test/route-table';

/*
 * The security matrix: every /api route, called as an anonymous visitor, as student A on A's own
 * objects, as student B with A's ids (the same URL and body, B's token) and as an admin. Each
 * answer is held to what the route's config.access implies — anonymous 401 on user and admin
 * routes; A never refused on user routes and 403 on admin routes; B refused (403 or 404) on
 * anything of A's, which stays unchanged; the admin never refused — unless the entry says otherwise.
 *
 * A route without an entry fails the matrix. To add one, put a line in the domain's list
 * (server/modules/<d>/test/access*.ts), e.g.
 *   { route: 'POST /api/user/request-reset-code', call: (w) => ({ body: { email: w.a.user.email } }) },
 * with `status` when success is not 200, `expect` (and a comment why) only where an actor's
 * answer differs from the default of the route's access level, `fresh` for the objects a call
 * changes, and `unchanged` for what a refused call must leave as it was.
 */

const ENTRIES: MatrixEntry[] = [
  ...ACCOUNT_ENTRIES,
  ...LEARNING_ENTRIES,
  ...TESTIMONIAL_ENTRIES,
  ...BLOG_ENTRIES,
  ...CLASS_ENTRIES,
  ...BOOKING_ENTRIES,
  ...MESSAGE_ENTRIES,
  ...COMMUNITY_ENTRIES,
  ...NEWS_ENTRIES,
  ...RESOURCE_ENTRIES,
  ...AI_CONVERSATION_ENTRIES,
  ...AI_ASK_ENTRIES,
  ...AI_SIFU_ENTRIES,
];

let t: TestApp;
let world: World;
let access = new Map<string, Access>();

beforeAll(async () => {
  t = await createTestApp();
  const routes = await listRoutes(t);
  access = new Map(routes.map((route) => [routeKey(route), route.config?.access as Access]));
  world = await buildWorld(t);
});
afterAll(async () => t?.close());

describe('the access matrix', () => {
  it('has exactly one entry for every /api route', () => {
    const entries = ENTRIES.map((entry) => entry.route);
    const routes = [...access.keys()];
    expect(
      routes.filter((route) => !entries.includes(route)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      entries.filter((route) => !access.has(route)),
      'entries without a route',
    ).toEqual([]);
    expect(
      entries.filter((route, i) => entries.indexOf(route) !== i),
      'entries listed twice',
    ).toEqual([]);
  });
});

for (const entry of ENTRIES) {
  describe(entry.route, () => {
    it.each(ACTORS)('as %s', async (actor) => {
      const level = access.get(entry.route);
      if (!level) throw new Error(`${entry.route} is not in the route table`);
      await runCase(t, world, level, entry, actor);
    });
  });
}
