import type { FormEvent } from 'react';
import { schemaResolver, type FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { ApiRequestError } from './api-client';

/**
 * A Mantine form validator from a shared schema, for forms whose field values need converting
 * first (a NumberInput's '' for "empty", say) before the schema sees them.
 */
export function validateWith<Values>(
  schema: z.ZodType,
  toInput: (values: Values) => unknown,
): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => resolve(toInput(values));
}

/**
 * The server's word on single fields (`details: [{ path, message }]` of a 400 or 409), for the
 * fields the form has: a taken username belongs under Username, not only in a banner.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.details)) return {};
  const errors: Record<string, string> = {};
  for (const issue of error.details as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && fields.includes(path) && !errors[path])
      errors[path] = message;
  }
  return errors;
}

/** Moves focus to the first field the form marks invalid, so a keyboard user lands on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // After Mantine has rendered the errors.
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** The form element a submit event came from, for `focusFirstInvalid`. */
export const formOf = (event: FormEvent<HTMLFormElement> | undefined) => event?.currentTarget ?? null;
