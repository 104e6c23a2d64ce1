import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsInput, type News } from '../../../common/news';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { DEMO_NEWS } from './news';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
});
afterAll(async () => t?.close());

describe('the demo news', () => {
  it('would each pass the Add News form', () => {
    for (const { days_ago: _daysAgo, ...item } of DEMO_NEWS)
      expect(NewsInput.safeParse(item).error, item.title).toBeUndefined();
  });

  it('are published newest first, one of them important, and nobody was e-mailed', async () => {
    const member = await createUser(t);
    const res = await t.call('GET', '/api/news?limit=3', undefined, member.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ news: News[]; total: number }>();
    expect(body.total).toBe(DEMO_NEWS.length);
    expect(body.news.map((item) => item.title)).toEqual(
      [...DEMO_NEWS]
        .sort((a, b) => a.days_ago - b.days_ago)
        .slice(0, 3)
        .map((item) => item.title),
    );
    expect(DEMO_NEWS.filter((item) => item.is_important)).toHaveLength(1);
    expect(body.news.every((item) => item.notified_at === null)).toBe(true);
    expect(t.mail.filter((mail) => mail.subject.startsWith('Important news'))).toEqual([]);
  });
});
