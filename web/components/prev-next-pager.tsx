import { Button, Group, Text } from '@mantine/core';

/** How many pages `total` items fill at `pageSize` a page; an empty list still shows page 1 of 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface PrevNextPagerProps {
  /** Zero-based page shown now. */
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** The dashboard panels' Prev / "Page n of m" / Next row. */
export function PrevNextPager({ page, pages, onChange }: PrevNextPagerProps) {
  return (
    <Group justify="space-between" mt="sm">
      <Button size="xs" variant="default" disabled={page === 0} onClick={() => onChange(page - 1)}>
        Prev
      </Button>
      <Text size="xs" c="dimmed">
        Page {page + 1} of {pages}
      </Text>
      <Button size="xs" variant="default" disabled={page + 1 >= pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
