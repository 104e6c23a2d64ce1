import { z } from 'zod';

/** The one error shape every API failure uses. */
export const ApiError = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** A required, trimmed text field whose missing and blank cases share one message. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const IdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
export type IdParams = z.infer<typeof IdParams>;

export const OkResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof OkResponse>;

/** `?limit=` of a list: a whole number from 1 to `max`, `fallback` when absent. */
export const pageLimit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .default(fallback)
    .describe(`How many rows to return: ${fallback} by default, at most ${max}`);

/** `?offset=` of a list: a whole number, 0 or more, 0 when absent. */
export const pageOffset = z.coerce
  .number({ error: 'Offset must be a whole number' })
  .int('Offset must be a whole number')
  .min(0, 'Offset must be 0 or more')
  .default(0)
  .describe('How many rows to skip: 0 by default');
