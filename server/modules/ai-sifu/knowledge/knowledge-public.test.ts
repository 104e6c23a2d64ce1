import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_NOT_FOUND, type GlossaryTerm } from '../../../../common/ai-sifu';
import { knowledgeEntries } from '../../../db/schema';
import type { Headers, TestApp } from '../../../test/app';
import { createTestAppWithMembers } from '../../../test/factories';
import { createKnowledge, knowledgeBody } from '../test/factories';
import { firstSentence } from './knowledge.service';

/* What members read of the knowledge base: an entry a source chip opens, and the glossary. */

const CACHE_SECONDS = 30;
let t: TestApp, admin: Headers, student: Headers;
beforeAll(
  async () =>
    ({ t, admin, student } = await createTestAppWithMembers({ CATALOGUE_CACHE_SECONDS: CACHE_SECONDS })),
);
afterAll(async () => t?.close());

const glossary = async () => {
  const res = await t.call('GET', '/api/ai-sifu/glossary', undefined, student);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ terms: GlossaryTerm[] }>().terms;
};

describe('GET /api/ai-sifu/knowledge/{id}', () => {
  it('answers the entry as its chip opens it, without the admin fields', async () => {
    const entry = await createKnowledge(t, {
      key: `classic-${randomUUID().slice(0, 8)}`,
      kind: 'classic',
      title: 'Song of the thirteen postures',
      body: 'Do not neglect the thirteen postures.',
      hanzi: '十三勢歌',
      pinyin: 'shísān shì gē',
      source: 'Taijiquan classics',
    });
    const res = await t.call('GET', `/api/ai-sifu/knowledge/${entry.id}`, undefined, student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      entry: {
        id: entry.id,
        kind: 'classic',
        title: 'Song of the thirteen postures',
        body: 'Do not neglect the thirteen postures.',
        hanzi: '十三勢歌',
        pinyin: 'shísān shì gē',
        source: 'Taijiquan classics',
      },
    });
  });

  it('answers 404 for an id nothing has, and 401 without a token', async () => {
    const res = await t.call('GET', `/api/ai-sifu/knowledge/${randomUUID()}`, undefined, student);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: KNOWLEDGE_NOT_FOUND, code: 'KNOWLEDGE_NOT_FOUND' });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/ai-sifu/knowledge/${randomUUID()}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/ai-sifu/glossary', () => {
  it('lists every term by title with its first sentence, and no manual or classic', async () => {
    const tag = randomUUID().slice(0, 6);
    await createKnowledge(t, {
      title: `Zz ${tag} dantian`,
      hanzi: '丹田',
      pinyin: 'dāntián',
      body: 'The body’s centre, below the navel.  Breath sinks there.',
    });
    await createKnowledge(t, { title: `Zz ${tag} wuji`, hanzi: null, pinyin: null, body: 'Without limit' });
    await createKnowledge(t, { title: `Zz ${tag} manual`, kind: 'manual' });
    await createKnowledge(t, { title: `Zz ${tag} classic`, kind: 'classic' });
    t.clock.advance(CACHE_SECONDS * 1000);
    const terms = await glossary();
    expect(terms.filter((term) => term.title.includes(tag))).toEqual([
      {
        id: expect.any(String),
        title: `Zz ${tag} dantian`,
        hanzi: '丹田',
        pinyin: 'dāntián',
        summary: 'The body’s centre, below the navel.',
      },
      {
        id: expect.any(String),
        title: `Zz ${tag} wuji`,
        hanzi: null,
        pinyin: null,
        summary: 'Without limit',
      },
    ]);
    const rows = await t.database.db.select().from(knowledgeEntries).where(eq(knowledgeEntries.kind, 'term'));
    expect(terms).toHaveLength(rows.length);
  });

  it('is kept for CATALOGUE_CACHE_SECONDS, and forgotten at once when an administrator writes', async () => {
    await glossary();
    const quiet = await createKnowledge(t, { title: `Quiet ${randomUUID()}` });
    expect((await glossary()).some((term) => term.id === quiet.id)).toBe(false);
    t.clock.advance(CACHE_SECONDS * 1000);
    expect((await glossary()).some((term) => term.id === quiet.id)).toBe(true);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ai-sifu/knowledge',
      headers: admin,
      payload: knowledgeBody({ kind: 'term', title: `Loud ${randomUUID()}` }),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ entry: { id: string } }>().entry.id;
    expect((await glossary()).some((term) => term.id === id)).toBe(true);
  });
});

describe('firstSentence', () => {
  it.each([
    ['Relaxed, not slack. Every posture starts here.', 'Relaxed, not slack.'],
    ['Is it qi? Yes.', 'Is it qi?'],
    ['松。放松身体', '松。'],
    ['Version 1.5 of the form\nis long. Then more.', 'Version 1.5 of the form is long.'],
    ['No full stop at all', 'No full stop at all'],
  ])('%s', (text, sentence) => {
    expect(firstSentence(text)).toBe(sentence);
  });
});
