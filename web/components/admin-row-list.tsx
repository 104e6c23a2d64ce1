import type { ReactNode } from 'react';
import { Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PanelBody } from './panel-body';
import classes from './panel-list.module.css';

/** What one row of an admin panel's list shows. */
export interface AdminRow {
  /** The button's accessible name: the record's facts in one phrase. */
  label: string;
  title: string;
  /** The dimmed line under the title. */
  detail: string;
  /** At the row's end, beside the text. */
  badges: ReactNode;
}

export interface AdminRowListProps<T, Item extends { id: string }> {
  query: UseQueryResult<T>;
  /** The records in the loaded data. */
  items: (data: T) => Item[];
  /** The list's accessible name, e.g. 'Bookings'. */
  label: string;
  /** The spinner's accessible name, e.g. 'Loading bookings'. */
  loadingLabel: string;
  /** Shown instead of the list when there are no records. */
  emptyText: string;
  row: (item: Item) => AdminRow;
  onOpen: (item: Item) => void;
}

/**
 * An admin panel's records as a scrolling list of buttons, each opening one record: its title, a
 * line of detail and its badges. Loading, a failed load and an empty list show as in every panel.
 */
export function AdminRowList<T, Item extends { id: string }>({
  query,
  items,
  label,
  loadingLabel,
  emptyText,
  row,
  onOpen,
}: AdminRowListProps<T, Item>) {
  return (
    <PanelBody
      query={query}
      loadingLabel={loadingLabel}
      isEmpty={(data) => items(data).length === 0}
      emptyText={emptyText}
    >
      {(data) => (
        <ScrollArea.Autosize mah="24rem" type="auto" offsetScrollbars>
          <Stack gap="xs" component="ul" className={classes.list} aria-label={label}>
            {items(data).map((item) => {
              const shown = row(item);
              return (
                <li key={item.id}>
                  <UnstyledButton
                    className={classes.row}
                    onClick={() => onOpen(item)}
                    aria-label={shown.label}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <div className={classes.text}>
                        <Text size="sm" fw={600} truncate>
                          {shown.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {shown.detail}
                        </Text>
                      </div>
                      {shown.badges}
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </PanelBody>
  );
}
