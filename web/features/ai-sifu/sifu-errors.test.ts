import { describe, expect, it } from 'vitest';
import { SIFU_LIMIT_MESSAGE } from '../../../common/ai-sifu';
import { SIFU_GENERIC_ERROR, SIFU_LOGIN_MESSAGE } from './messages';
import { ApiRequestError } from '../../lib/api-client';
import { sifuErrorMessage, sifuErrorOf } from './sifu-errors';

describe('sifuErrorMessage', () => {
  it("shows a usage limit's own message", () => {
    const body = {
      error: 'Usage limit reached',
      code: 'USAGE_LIMIT',
      reason: 'course_limit_reached',
      limit: 3,
      used: 3,
      courseId: '5d0c8a1e-2b7f-4c1a-9e3d-6f8a7b9c0d1e',
      message: "You have used this month's 3 questions for this course.",
    };
    expect(sifuErrorMessage(403, body)).toBe("You have used this month's 3 questions for this course.");
  });

  it("prefers the server's error field to its message field", () => {
    expect(sifuErrorMessage(400, { error: 'Please type a question', message: 'other' })).toBe(
      'Please type a question',
    );
  });

  it('uses the message field when there is no error field', () => {
    expect(sifuErrorMessage(500, { message: 'Provider down' })).toBe('Provider down');
  });

  it('falls back to the limit text for a bare 403, the login text for a bare 401, else the generic one', () => {
    expect(sifuErrorMessage(403, undefined)).toBe(SIFU_LIMIT_MESSAGE);
    expect(sifuErrorMessage(401, { error: '' })).toBe(SIFU_LOGIN_MESSAGE);
    expect(sifuErrorMessage(502, 'Bad gateway')).toBe(SIFU_GENERIC_ERROR);
  });

  it('reads a thrown API failure, and gives the generic text when the server never answered', () => {
    expect(sifuErrorOf(new ApiRequestError('Request failed (403)', 403, 'HTTP_ERROR', undefined, {}))).toBe(
      SIFU_LIMIT_MESSAGE,
    );
    expect(sifuErrorOf(new ApiRequestError('Unable to reach the server', 0, 'NETWORK_ERROR'))).toBe(
      SIFU_GENERIC_ERROR,
    );
    expect(sifuErrorOf(new Error('boom'))).toBe(SIFU_GENERIC_ERROR);
  });
});
