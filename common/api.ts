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
