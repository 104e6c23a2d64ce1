import type { ReactNode } from 'react';
import { Table, type MantineSpacing } from '@mantine/core';
import classes from './responsive-table.module.css';

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
  /** Names the table. */
  label: string;
  columns: ResponsiveColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Below this width the table scrolls sideways inside its container (wider screens only). */
  minWidth?: number;
  verticalSpacing?: MantineSpacing;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A table on wider screens; on a phone the same table is drawn as a list of cards (one a row,
 * each value beside its column's name), since a table squeezed into 375 px either cuts its
 * columns or scrolls sideways. One markup for both, restyled below the sm breakpoint
 * (responsive-table.module.css), so nothing switches after the first render. The roles are
 * stated because some browsers drop a table's semantics once its rows are no longer displayed
 * as table rows.
 */
export function ResponsiveTable<T>({
  label,
  columns,
  rows,
  rowKey,
  minWidth,
  verticalSpacing,
}: ResponsiveTableProps<T>) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth ?? 0}
      classNames={{ scrollContainer: classes.scroll, scrollContainerInner: classes.scrollInner }}
      // Where the table is wider than its panel it scrolls sideways; keyboard users reach it by Tab.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table aria-label={label} verticalSpacing={verticalSpacing} className={classes.table} role="table">
        <Table.Thead className={classes.head} role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => (
              <Table.Th
                key={column.header}
                scope="col"
                role="columnheader"
                className={cx(column.alignRight && classes.alignRight)}
                miw={column.minWidth}
              >
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} role="row" className={classes.row}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  role="cell"
                  data-label={column.header}
                  className={cx(
                    classes.cell,
                    column.isCardTitle && classes.cardTitle,
                    column.alignRight && classes.alignRight,
                    column.noWrap && classes.noWrap,
                  )}
                >
                  <div className={classes.value}>{column.cell(row)}</div>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
