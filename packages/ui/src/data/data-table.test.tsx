import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { DataTable, type DataColumn } from './data-table';
import { StatCards } from './stat-cards';

interface Row {
  id: string;
  name: string;
  status: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Project', primary: true, cell: (r) => r.name },
  { key: 'status', header: 'Status', cell: (r) => r.status },
  { key: 'view', header: 'Actions', cell: (r) => <a href={`/p/${r.id}`}>View</a> },
];

const renderTable = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  render(
    <ThemeProvider theme={theme}>
      <DataTable<Row> columns={columns} rows={[{ id: '1', name: 'Lakeview', status: 'Active' }]} rowKey={(r) => r.id} rowTestId="row" skeletonTestId="skeleton" {...props} />
    </ThemeProvider>,
  );

describe('DataTable', () => {
  it('labels every cell with its column header, which the card layout shows beside the value (the title cell needs none)', () => {
    renderTable();
    const row = screen.getByTestId('row');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Project', 'Status', 'Actions']);
    expect(cells[0].hasAttribute('data-primary')).toBe(true);
    expect(cells[1].hasAttribute('data-primary')).toBe(false);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Project', 'Status', 'Actions']);
  });

  it('shows placeholder rows while loading and the empty state when there are no rows', () => {
    const view = renderTable({ loading: true, skeletonRows: 3 });
    expect(screen.getAllByTestId('skeleton')).toHaveLength(3);
    expect(screen.queryByTestId('row')).toBeNull();
    view.unmount();
    renderTable({ rows: [], empty: <p>No projects found</p> });
    expect(screen.getByText('No projects found')).toBeTruthy();
  });

  it('switches to cards by the width of its own box (a container query), not the window', () => {
    renderTable();
    const css = Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent)
      .join('\n');
    expect(css).toMatch(/container-type:\s*inline-size/);
    expect(css).toMatch(/@container \(max-width:\s*759\.98px\)/);
    expect(css).toMatch(/content:\s*attr\(data-label\)/);
  });
});

describe('StatCards', () => {
  it('puts each label above its value in one card per stat', () => {
    const Icon = () => <svg />;
    render(
      <ThemeProvider theme={theme}>
        <StatCards stats={[{ label: 'Items without Tracking', value: 12, icon: Icon }]} />
      </ThemeProvider>,
    );
    const card = screen.getByTestId('stat-Items without Tracking');
    expect(Array.from(card.querySelectorAll('p')).map((p) => p.textContent)).toEqual(['Items without Tracking', '12']);
  });
});
