import { useEffect, useRef, useState, type FormEvent } from 'react';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { ApiRequestError } from './api-client';

/**
 * A Mantine form validator from a shared schema, for forms whose field values need converting
 * first (a NumberInput's '' for "empty", say) before the schema sees them.
 */
function validateWith<Values>(
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
function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
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

/** The form element a submit event came from: where the first invalid field is looked for. */
const formOf = (event: FormEvent<HTMLFormElement> | undefined) => event?.currentTarget ?? null;

export interface SchemaFormOptions<Values> {
  /** The shared schema from common/ that the server checks the same request against. */
  schema: z.ZodType;
  initialValues: Values;
  /** What the schema checks, when the form keeps values in another shape (a NumberInput's ''). */
  toInput?: (values: Values) => unknown;
  /** The fields a server refusal may name in its details (`path`), to show under them. */
  serverFields?: readonly string[];
  /** The values changed: an answer to the values sent before no longer applies. */
  onValuesChange?: () => void;
  /** Fields checked as they are typed in (a length limit), not only on submit. */
  validateInputOnChange?: string[];
}

/**
 * Every form's one helper: Mantine's form checked against the shared schema, the first invalid
 * field focused when a submit is refused (by the schema or by the server), and the server's
 * field details put under their fields.
 */
// Mantine's own bound on form values: an interface has no index signature for `unknown`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useSchemaForm<Values extends Record<string, any>>({
  schema,
  initialValues,
  toInput = (values) => values,
  serverFields = [],
  onValuesChange,
  validateInputOnChange,
}: SchemaFormOptions<Values>) {
  const form = useForm<Values>({
    initialValues,
    validate: validateWith(schema, toInput),
    onValuesChange,
    validateInputOnChange,
  });
  // The submit event's form, kept for the server's answer that comes after the event is over.
  const element = useRef<HTMLFormElement | null>(null);
  // Asks for the focus to move once the errors that come with it are on screen.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstInvalid = () => setFocusRequest((n) => n + 1);
  useEffect(() => {
    // A keyboard or screen-reader user lands on the first field to fix.
    if (focusRequest > 0) element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  return {
    form,

    /** The form's submit handler: `handler` gets the values once the schema accepts them. */
    onSubmit: (handler: (values: Values) => void) => (event?: FormEvent<HTMLFormElement>) => {
      element.current = formOf(event) ?? element.current;
      form.onSubmit(handler, focusFirstInvalid)(event);
    },

    /** Whether a server refusal names fields of this form (then the fields say it, not a banner). */
    namesFields: (error: unknown) => Object.keys(serverFieldErrors(error, serverFields)).length > 0,

    /** Puts a server refusal's field messages under their fields and focuses the first; false when it named none. */
    showServerErrors: (error: unknown): boolean => {
      const errors = serverFieldErrors(error, serverFields);
      if (Object.keys(errors).length === 0) return false;
      form.setErrors(errors);
      focusFirstInvalid();
      return true;
    },

    /** Puts one message under one field (a wrong current password) and focuses it. */
    showFieldError: (field: string, message: string) => {
      form.setFieldError(field, message);
      focusFirstInvalid();
    },
  };
}
