import { randomUUID } from 'node:crypto';
import type { NewsStatus } from '../../../../common/news';
import { news } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* News items written straight into the table in the state a test needs, and valid API bodies. */

export interface NewsFactoryInput {
  title?: string;
  description?: string;
  body?: string;
  status?: NewsStatus;
  tags?: string[];
  is_important?: boolean;
  created_at?: Date;
}

export async function createNews(t: TestApp, input: NewsFactoryInput = {}) {
  const at = input.created_at ?? t.clock.now();
  const [row] = await t.database.db
    .insert(news)
    .values({
      title: input.title ?? `Spring workshop ${randomUUID().slice(0, 8)}`,
      description: input.description ?? 'A weekend of Baguazhang circle walking in the park.',
      body: input.body ?? 'Bring water and flat shoes. We start at nine on Saturday.',
      author_name: 'Sifu Lin Wei',
      status: input.status ?? 'published',
      tags: input.tags ?? [],
      is_important: input.is_important ?? false,
      created_at: at,
      updated_at: at,
    })
    .returning();
  return row!;
}

/** A body POST and PUT /api/admin/news accept; `overrides` replace its fields. */
export const newsBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Summer intensive ${randomUUID().slice(0, 8)}`,
  description: 'Five mornings of Xingyiquan fundamentals in July.',
  body: 'We will drill santi shi and the five elements every morning from seven to nine.',
  author_name: 'Sifu Zhao Ming',
  tags: 'workshop, xingyiquan',
  is_important: false,
  status: 'published',
  thumbnail_url: null,
  ...overrides,
});
