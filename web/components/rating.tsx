import { useId, type ReactNode } from 'react';
import { Rating, Stack, Text, type MantineSize } from '@mantine/core';

/**
 * Stars showing a rating. With `label` they are one image of that name ('Rated 4 out of 5');
 * without, they are decoration beside a text that says the number.
 */
export function RatingStars({
  value,
  label,
  size,
  fractions,
}: {
  value: number;
  label?: string;
  size?: MantineSize;
  fractions?: number;
}) {
  const naming = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return <Rating value={value} readOnly size={size} fractions={fractions} {...naming} />;
}

/**
 * Choosing a rating: five stars as a radio group named by its label, each star named ('3 stars'),
 * with the error (shown by the form once it was submitted) tied to the group.
 */
export function RatingInput({
  label,
  value,
  onChange,
  error,
  required = false,
  size = 'lg',
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: ReactNode;
  required?: boolean;
  size?: MantineSize;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
        {required && (
          <Text span c="red" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Rating
        value={value}
        onChange={onChange}
        size={size}
        count={5}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        getSymbolLabel={(stars) => `${stars} ${stars === 1 ? 'star' : 'stars'}`}
      />
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
