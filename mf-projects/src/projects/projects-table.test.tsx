import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { ProjectsTable } from './projects-table';

const projects = [
  aProject({ id: '00000000-0000-4000-8000-000000000001', name: 'Lakeview Residence', itemCount: 3, progress: 67 }),
  aProject({ id: '00000000-0000-4000-8000-000000000002', name: 'Harbour Loft', status: 'planning', installDate: null, clientEmail: null }),
  aProject({ id: '00000000-0000-4000-8000-000000000003', name: 'Maple Street', status: 'in-progress' }),
];

describe('ProjectsTable', () => {
  beforeEach(() => resetToasts());

  it('shows 3 skeleton rows while loading and no footer', () => {
    renderWithProviders(<ProjectsTable title="Recent Projects" projects={undefined} isLoading />);
    expect(screen.getAllByTestId('project-row-skeleton')).toHaveLength(3);
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('shows each row with initials, real item count and progress, badge, install date and a View link', () => {
    renderWithProviders(<ProjectsTable title="Recent Projects" projects={projects} isLoading={false} />);
    const [first, second] = screen.getAllByTestId('project-row');
    expect(within(first).getByText('LR')).toBeTruthy();
    expect(within(first).getByText('jordan@example.com')).toBeTruthy();
    expect(within(first).getByText('3 items · 67%')).toBeTruthy();
    expect(within(first).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67');
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('May 14, 2026')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View Lakeview Residence' }).getAttribute('href')).toBe('/projects/00000000-0000-4000-8000-000000000001');
    expect(within(second).getByText('Not set')).toBeTruthy();
    expect(within(second).getByText('Planning')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('labels every cell with its column, so a row shown as a card on a phone keeps Status, Install Date and View', () => {
    renderWithProviders(<ProjectsTable title="Recent Projects" projects={projects} isLoading={false} />);
    const [first] = screen.getAllByTestId('project-row');
    const cells = within(first).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Project', 'Client', 'Items', 'Status', 'Install Date', 'Actions']);
    expect(within(cells[3]).getByText('Active')).toBeTruthy();
    expect(cells[4].textContent).toBe('May 14, 2026');
    expect(within(cells[5]).getByRole('link', { name: 'View Lakeview Residence' })).toBeTruthy();
  });

  it('filters by status on the client and shows the empty state when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProjectsTable title="Recent Projects" projects={projects} isLoading={false} />);
    await user.click(screen.getByRole('combobox', { name: 'Filter projects by status' }));
    await user.click(await screen.findByRole('option', { name: 'In Progress' }));
    expect(screen.getAllByTestId('project-row').map((r) => within(r).getByText(/^(Maple Street|Lakeview Residence|Harbour Loft)$/).textContent)).toEqual(['Maple Street']);
    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Filter projects by status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    expect(screen.getByText('No projects found')).toBeTruthy();
    expect(screen.getByText('Create your first project to get started')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it("the row's share button copies {origin}/client/{token} and says so", async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockFetch({ 'POST /api/projects/00000000-0000-4000-8000-000000000001/share': () => jsonResponse({ shareToken: 'tok_abc' }) });
    renderWithProviders(<ProjectsTable title="Recent Projects" projects={projects} isLoading={false} />);
    await user.click(screen.getByRole('button', { name: 'Share Lakeview Residence with client' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Share link generated', description: 'Link copied to clipboard. Share this with your client.' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/client/tok_abc`);
  });

  it('offers the share button only to those who may share (owner, admin), as catalog allows', () => {
    const rows = (['owner', 'admin', 'member', 'viewer'] as const).map((access, n) => aProject({ id: `00000000-0000-4000-8000-00000000001${n}`, name: `As ${access}`, access }));
    renderWithProviders(<ProjectsTable title="Recent Projects" projects={rows} isLoading={false} />);
    const offered = rows.filter((p) => screen.queryByRole('button', { name: `Share ${p.name} with client` })).map((p) => p.access);
    expect(offered).toEqual(['owner', 'admin']);
  });

  it("toasts 'Failed to generate share link' when sharing fails", async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/projects/00000000-0000-4000-8000-000000000001/share': () => jsonResponse({ message: 'boom' }, 500) });
    renderWithProviders(<ProjectsTable title="Recent Projects" projects={projects} isLoading={false} />);
    await user.click(screen.getByRole('button', { name: 'Share Lakeview Residence with client' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Failed to generate share link', variant: 'destructive' }));
  });
});
