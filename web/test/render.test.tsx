import { describe, expect, it } from 'vitest';
import { assertErrorContract } from './render';

describe('a stubbed API failure', () => {
  it('passes when it has the shape and kind of code the API sends', () => {
    expect(() =>
      assertErrorContract('GET /api/x', { error: 'Course not found', code: 'COURSE_NOT_FOUND' }),
    ).not.toThrow();
    expect(() =>
      assertErrorContract('POST /api/x', { error: 'Invalid input', code: 'VALIDATION_ERROR', details: [] }),
    ).not.toThrow();
  });

  it('is refused when it describes an answer the API never gives', () => {
    for (const body of [
      { message: 'Course has enrolments' },
      { error: 'Course has enrolments', code: 'conflict' },
      { error: 'x', code: 'CONFLICT', reason: 'enrolments' },
      undefined,
    ]) {
      expect(() => assertErrorContract('DELETE /api/courses/1', body), JSON.stringify(body)).toThrow(
        /never sends/,
      );
    }
  });
});
