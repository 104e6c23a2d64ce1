import { Select } from '@mantine/core';

const ALL = 'all';

export interface StatusFilterProps<S extends string> {
  /** The select's accessible name, e.g. 'Filter bookings by status'. */
  label: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  /** The status shown, or null for all of them. */
  value: S | null;
  onChange: (status: S | null) => void;
  width: number;
}

/** An admin panel's status filter: 'All statuses', then each status by its label. */
export function StatusFilter<S extends string>({
  label,
  statuses,
  labels,
  value,
  onChange,
  width,
}: StatusFilterProps<S>) {
  const data = [
    { value: ALL, label: 'All statuses' },
    ...statuses.map((status) => ({ value: status, label: labels[status] })),
  ];
  return (
    <Select
      aria-label={label}
      data={data}
      value={value ?? ALL}
      onChange={(next) => onChange(statuses.find((status) => status === next) ?? null)}
      allowDeselect={false}
      w={width}
      size="xs"
    />
  );
}
