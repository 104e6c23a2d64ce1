import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AskStreamDelta, SIFU_PROVIDER_TIMEOUT } from '../../../../common/ai-sifu';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { answerOf, askAs, createKnowledge, uniqueWord, usedCount } from '../test/factories-ask';
import { createCourse, enrollUser } from '../../courses/test/factories';
import {
  DEFAULT_USAGE,
  sourcesOf,
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from '../../../test/openai-compatible-server';

// The whole path with AI_PROVIDER=openai: the app chooses the provider from its configuration and
// talks HTTP to an OpenAI-compatible server on 127.0.0.1.
let model: OpenAiCompatibleServer;
let t: TestApp;
beforeAll(async () => {
  model = await startOpenAiCompatibleServer({ apiKey: 'sk-test-key' });
  t = await createTestApp({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: model.url,
    AI_API_KEY: 'sk-test-key',
    AI_MODEL: 'school-model',
    AI_PRICE_INPUT_PER_MTOK: 2,
    AI_PRICE_OUTPUT_PER_MTOK: 8,
    AI_TIMEOUT_MS: 300,
    AI_RETRIES: 0,
    AI_SIFU_RATE_LIMIT_PER_MINUTE: 1000,
  });
});
afterAll(async () => {
  await t?.close();
  await model?.close();
});
beforeEach(() => model.reset());

async function studentWithEntry() {
  const word = uniqueWord();
  const entry = await createKnowledge(t, {
    title: `Standing ${word}`,
    body: `In ${word} the knees stay soft.`,
  });
  const student = await createUser(t);
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
  await enrollUser(t, student.user.id, course.id);
  return { word, entry, student, course };
}

describe('POST /api/ai-sifu/ask with AI_PROVIDER=openai', () => {
  it('streams the model’s answer, cites the entry it was given, and prices the tokens it used', async () => {
    const { word, entry, student, course } = await studentWithEntry();
    model.script({
      kind: 'stream',
      chunks: ['Keep the knees ', 'soft ', `in ${word} [S1].`],
      usage: DEFAULT_USAGE,
    });
    const res = await t.call(
      'POST',
      '/api/ai-sifu/ask',
      { question: `How do the knees feel in ${word}?`, course_id: course.id },
      { ...student.auth, accept: 'text/event-stream' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = res.body.split('\n\n').filter((block) => block.trim() !== '');
    const deltas = events
      .filter((block) => block.startsWith('event: delta'))
      .map((block) => AskStreamDelta.parse(JSON.parse(block.split('\ndata: ')[1]!)).text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(`Keep the knees soft in ${word}.`);
    const answer = JSON.parse(events.at(-1)!.split('\ndata: ')[1]!) as {
      data: { terms_used: { id: string }[]; cost_cents: number };
    };
    expect(answer.data.terms_used.map((source) => source.id)).toEqual([entry.id]);
    // (120 × $2 + 30 × $8) per million tokens, in cents.
    expect(answer.data.cost_cents).toBeCloseTo(((120 * 2 + 30 * 8) / 1e6) * 100, 10);

    const [request] = model.requests;
    expect(request!.body.model).toBe('school-model');
    expect(request!.authorization).toBe('Bearer sk-test-key');
    expect(sourcesOf(request!).map((source) => source.title)).toContain(entry.title);
  });

  it('drops a citation of a source it was not given', async () => {
    const { word, student, course } = await studentWithEntry();
    model.script({ kind: 'answer', text: `Soft knees in ${word} [S7].` });
    const res = await askAs(t, student.auth, `Knees in ${word}?`, course.id);
    expect(res.statusCode).toBe(200);
    const answer = answerOf(res);
    expect([...answer.terms_used, ...answer.manual_sections, ...answer.classical_references]).toEqual([]);
    expect(answer.response).toBe(`Soft knees in ${word}.`);
  });

  it('gives the question back when the model takes too long', async () => {
    const { word, student, course } = await studentWithEntry();
    model.script({ kind: 'slow', delayMs: 2000 });
    const res = await askAs(t, student.auth, `Why ${word}?`, course.id);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ error: SIFU_PROVIDER_TIMEOUT });
    expect(await usedCount(t, student.user.id, course.id)).toBe(0);
  });
});
