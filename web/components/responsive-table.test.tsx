import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table';
import classes from './responsive-table.module.css';

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
  it('is a table with a column a field', () => {
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
  });

  it('marks up each row as a phone card: the title column heads it, the other cells carry their names', () => {
    renderTable();
    const [, first] = within(screen.getByRole('table', { name: 'Students' })).getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => cell.classList.contains(classes.cardTitle!))).toEqual([true, false, false]);
    expect(cells.slice(1).map((cell) => cell.dataset.label)).toEqual(['Course', 'Progress']);
  });
});
