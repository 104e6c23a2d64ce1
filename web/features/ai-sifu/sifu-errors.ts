import { SIFU_LIMIT_MESSAGE } from '../../../common/ai-sifu';
import { SIFU_GENERIC_ERROR, SIFU_LOGIN_MESSAGE } from './messages';
import { ApiRequestError } from '../../lib/api-client';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * The widget's text for a failed question: a usage-limit error (a 403 with a reason)
 * shows its own message; otherwise the server's error field, else its message field, else a
 * text for the status (403 the limit, 401 signing in), else the generic one.
 */
export function sifuErrorMessage(status: number, body: unknown): string {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const limitMessage = text(fields.reason) ? text(fields.message) : null;
  if (limitMessage) return limitMessage;
  const serverText = text(fields.error) ?? text(fields.message);
  if (serverText) return serverText;
  if (status === 403) return SIFU_LIMIT_MESSAGE;
  if (status === 401) return SIFU_LOGIN_MESSAGE;
  return SIFU_GENERIC_ERROR;
}

/** The same choice for a call that threw: an API failure's status and body, or nothing known. */
export function sifuErrorOf(error: unknown): string {
  if (error instanceof ApiRequestError) {
    // A failure the server never answered (network, timeout) has no text of its own.
    const answered = error.status > 0 || error.body !== undefined;
    return answered ? sifuErrorMessage(error.status, error.body) : SIFU_GENERIC_ERROR;
  }
  return SIFU_GENERIC_ERROR;
}
