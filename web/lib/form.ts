import { schemaResolver, type FormErrors } from '@mantine/form';
import type { z } from 'zod';

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
