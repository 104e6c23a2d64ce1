import { afterAll, beforeAll, describe, expect } from 'vitest';
import { SLUG_TAKEN_MESSAGE, type BlogPost } from '../../../common/blog';
import { createTestApp, type TestApp } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { blogPostBody } from './test/factories';
import { createAdmin } from '../../test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t?.close());

const create = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/post',
    headers: admin.auth,
    payload: blogPostBody(body),
  });

describe('slugs under concurrent creation', () => {
  itConcurrently('gives every one of many posts of one title its own slug', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => create({ title: 'Silk reeling' })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const slugs = answers.map((res) => res.json<{ post: BlogPost }>().post.slug).sort();
    expect(slugs).toEqual(
      ['silk-reeling', ...Array.from({ length: 7 }, (_, i) => `silk-reeling-${i + 2}`)].sort(),
    );
  });

  itConcurrently('lets one of two posts asking for the same slug have it; the other hears 409', async () => {
    const answers = await Promise.all(
      [1, 2].map((n) => create({ title: `Claim ${n}`, slug: 'the-one-slug' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({
      error: SLUG_TAKEN_MESSAGE,
      code: 'SLUG_TAKEN',
    });
  });
});
