import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Table, Text, type MantineSpacing } from '@mantine/core';
import { usePhoneLayout } from '../lib/use-phone-layout';

/** A card's value sits at the right of its line, a badge and its note under each other. */
const CARD_VALUE_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  textAlign: 'right',
  overflowWrap: 'anywhere',
} as const;

export interface ResponsiveColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Heads the row's card on a phone, instead of standing as a labelled line. */
  isCardTitle?: boolean;
  /** Table only: right-aligned (amounts). */
  alignRight?: boolean;
  /** Table only: kept on one line (dates, amounts). */
  noWrap?: boolean;
  /** Table only: the column's least width, e.g. so a badge is never cut short. */
  minWidth?: number;
}

export interface ResponsiveTableProps<T> {
  /** Names the table, and the list of cards on a phone. */
  label: string;
  columns: ResponsiveColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Below this width the table scrolls sideways inside its container (wider screens only). */
  minWidth?: number;
  verticalSpacing?: MantineSpacing;
}

/**
 * A table on wider screens; on a phone, a list of cards (one a row, each value under its column's
 * name), since a table squeezed into 375 px either cuts its columns or scrolls sideways.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  return usePhoneLayout() ? <RowCards {...props} /> : <WideTable {...props} />;
}

function WideTable<T>({ label, columns, rows, rowKey, minWidth, verticalSpacing }: ResponsiveTableProps<T>) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth ?? 0}
      // Where the table is wider than its panel it scrolls sideways; keyboard users reach it by Tab.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table aria-label={label} verticalSpacing={verticalSpacing}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.header}
                scope="col"
                ta={column.alignRight ? 'right' : undefined}
                miw={column.minWidth}
              >
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.alignRight ? 'right' : undefined}
                  style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards<T>({ label, columns, rows, rowKey }: ResponsiveTableProps<T>) {
  const title = columns.find((column) => column.isCardTitle);
  const lines = columns.filter((column) => column !== title);
  return (
    <Stack component="ul" aria-label={label} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder p="sm">
          {title && (
            <Text fw={600} size="sm" mb={6} style={{ overflowWrap: 'anywhere' }}>
              {title.cell(row)}
            </Text>
          )}
          <Stack component="dl" gap={4} m={0}>
            {lines.map((column) => (
              <Group key={column.header} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Text component="dt" size="sm" c="dimmed">
                  {column.header}
                </Text>
                <Box component="dd" m={0} fz="sm" miw={0} style={CARD_VALUE_STYLE}>
                  {column.cell(row)}
                </Box>
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
