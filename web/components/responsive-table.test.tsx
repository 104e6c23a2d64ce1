import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { emulateViewportWidth } from '../test/viewport';
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table';

interface Row {
  id: string;
  name: string;
  course: string;
  progress: number;
}

const COLUMNS: ResponsiveColumn<Row>[] = [
  { header: 'Student', cell: (row) => row.name, isCardTitle: true },
  { header: 'Course', cell: (row) => row.course },
  { header: 'Progress', cell: (row) => `${row.progress}%`, alignRight: true },
];

const ROWS: Row[] = [
  { id: 'a', name: 'Mei Chen', course: 'Zhan Zhuang', progress: 56 },
  { id: 'b', name: 'Daniel Okafor', course: 'Baguazhang', progress: 100 },
];

function renderTable() {
  return render(
    <TestProviders>
      <ResponsiveTable label="Students" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />
    </TestProviders>,
  );
}

describe('ResponsiveTable', () => {
  it('is a table with a column a field on a wide screen', () => {
    emulateViewportWidth(1280);
    renderTable();
    const table = screen.getByRole('table', { name: 'Students' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Student', 'Course', 'Progress']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Mei Chen', 'Zhan Zhuang', '56%'],
      ['Daniel Okafor', 'Baguazhang', '100%'],
    ]);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a list of cards on a phone: the title column heads each card, the others are labelled', () => {
    emulateViewportWidth(375);
    renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Students' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(first.firstElementChild?.textContent).toBe('Mei Chen');
    expect(
      within(first)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Course', 'Progress']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['Zhan Zhuang', '56%']);
  });

  it('switches at the sm breakpoint (48em), where hiddenFrom="sm" does', () => {
    emulateViewportWidth(767);
    const { unmount } = renderTable();
    expect(screen.getByRole('list', { name: 'Students' })).toBeTruthy();
    unmount();
    emulateViewportWidth(768);
    renderTable();
    expect(screen.getByRole('table', { name: 'Students' })).toBeTruthy();
  });
});
