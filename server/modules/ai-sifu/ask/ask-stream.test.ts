import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AskResponse,
  AskStreamDelta,
  SIFU_NOT_ENROLLED,
  SIFU_PROVIDER_TIMEOUT,
} from '../../../../common/ai-sifu';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import {
  cacheRows,
  citeAll,
  createKnowledge,
  scriptedProvider,
  uniqueWord,
  usedCount,
} from '../test/factories-ask';
import { createCourse, enrollUser } from '../../courses/test/factories';
import { LIMIT_REACHED_CODE } from './allowance';
import { ProviderError } from './provider';

const LIMIT = 2;
const model = scriptedProvider();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { AI_SIFU_COURSE_MONTHLY_LIMIT: LIMIT, AI_SIFU_RATE_LIMIT_PER_MINUTE: 1000 },
    { aiProvider: model.provider },
  );
});
afterAll(async () => t.close());
afterEach(() => {
  model.state.behaviour = citeAll;
});

async function enrolledStudent() {
  const student = await createUser(t);
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
  await enrollUser(t, student.user.id, course.id);
  return { student, course };
}

const streamAsk = (auth: Record<string, string>, question: string, courseId: string) =>
  t.call(
    'POST',
    '/api/ai-sifu/ask',
    { question, course_id: courseId },
    { ...auth, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
  );

/** The events of a finished stream, in order. */
function eventsOf(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))!.slice('event: '.length);
      const data = lines.find((line) => line.startsWith('data: '))!.slice('data: '.length);
      return { event, data: JSON.parse(data) as unknown };
    });
}

describe('POST /api/ai-sifu/ask as Server-Sent Events', () => {
  it('streams the pieces as the provider writes them, then the answer', async () => {
    const { student, course } = await enrolledStudent();
    const word = uniqueWord();
    const entry = await createKnowledge(t, { body: `The ${word} breath.` });
    model.state.behaviour = async (request) => {
      for (const piece of ['Breathe ', 'low, ', 'into the dantian.']) request.onDelta?.(piece);
      return {
        text: 'Breathe low, into the dantian.',
        cited: [entry.id],
        input_tokens: 1,
        output_tokens: 1,
        cost_cents: 0.1,
      };
    };
    const res = await streamAsk(student.auth, `What is the ${word} breath?`, course.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['content-encoding']).toBeUndefined();
    const events = eventsOf(res.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'delta', 'answer']);
    expect(events.slice(0, 3).map((e) => AskStreamDelta.parse(e.data).text)).toEqual([
      'Breathe ',
      'low, ',
      'into the dantian.',
    ]);
    const { data } = AskResponse.parse(events[3]!.data);
    expect(data).toMatchObject({
      response: 'Breathe low, into the dantian.',
      cached: false,
      cost_cents: 0.1,
    });
    expect(data.terms_used.map((s) => s.id)).toEqual([entry.id]);
    expect(await usedCount(t, student.user.id, course.id)).toBe(1);
  });

  it('streams a cached answer as one piece', async () => {
    const { student, course } = await enrolledStudent();
    const question = `What is ${uniqueWord()}?`;
    const first = await streamAsk(student.auth, question, course.id);
    expect(first.statusCode).toBe(200);
    const events = eventsOf((await streamAsk(student.auth, question, course.id)).body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'answer']);
    const { data } = AskResponse.parse(events[1]!.data);
    expect(data.cached).toBe(true);
    expect(AskStreamDelta.parse(events[0]!.data).text).toBe(data.response);
    expect(await usedCount(t, student.user.id, course.id)).toBe(1);
  });

  it('ends with an error event when the provider fails once the stream has started, and gives the question back', async () => {
    const { student, course } = await enrolledStudent();
    model.state.behaviour = async (request) => {
      request.onDelta?.('Half an ');
      throw new ProviderError('timeout', 'no answer in time');
    };
    const res = await streamAsk(student.auth, `What is ${uniqueWord()}?`, course.id);
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res.body)).toEqual([
      { event: 'delta', data: { text: 'Half an ' } },
      { event: 'error', data: { error: SIFU_PROVIDER_TIMEOUT, code: 'SIFU_PROVIDER_TIMEOUT' } },
    ]);
    expect(await usedCount(t, student.user.id, course.id)).toBe(0);
    expect(await cacheRows(t, course.id)).toEqual([]);
  });

  it('answers refusals decided before the stream starts as JSON with their status, the limit details included', async () => {
    const { student, course } = await enrolledStudent();
    const outsider = await createUser(t);
    const refused = await streamAsk(outsider.auth, 'What is qi?', course.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ error: SIFU_NOT_ENROLLED, code: 'SIFU_NOT_ENROLLED' });

    for (let i = 0; i < LIMIT; i++) {
      expect((await streamAsk(student.auth, `What is ${uniqueWord()}?`, course.id)).statusCode).toBe(200);
    }
    const over = await streamAsk(student.auth, `What is ${uniqueWord()}?`, course.id);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: LIMIT_REACHED_CODE,
      reason: 'course_limit_reached',
      limit: LIMIT,
      used: LIMIT,
      courseId: course.id,
      message: expect.any(String),
    });
  });
});
