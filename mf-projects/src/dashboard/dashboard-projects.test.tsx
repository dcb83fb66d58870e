import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '@midway/ui/testing';
import { aProject } from '../test-fixtures';
import { DashboardProjects } from './dashboard-projects';

/** A server of 23 projects, newest first, answering GET /api/dashboard/projects as catalog does. */
const ALL = Array.from({ length: 23 }, (_, i) => aProject({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Project ${i + 1}`, status: i % 2 ? 'planning' : 'active' }));
function serve() {
  const mock = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/dashboard/projects') return jsonResponse({ message: 'Not found' }, 404);
    const [limit, offset, status] = [Number(url.searchParams.get('limit')), Number(url.searchParams.get('offset')), url.searchParams.get('status')];
    const matching = ALL.filter((p) => !status || p.status === status);
    return jsonResponse({ projects: matching.slice(offset, offset + limit), total: matching.length, limit, offset });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

describe('the dashboard’s Recent Projects', () => {
  it('shows one page of 10 of the total and asks the server for the next and previous pages', async () => {
    const fetchMock = serve();
    renderWithProviders(<DashboardProjects />);
    await screen.findByText('Showing 1 to 10 of 23 results');
    expect(screen.getAllByTestId('project-row')).toHaveLength(10);
    expect(screen.getByLabelText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11 to 20 of 23 results');
    expect(screen.getByText('Project 11')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 21 to 23 of 23 results');
    expect(screen.getAllByTestId('project-row')).toHaveLength(3);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Showing 11 to 20 of 23 results');
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/dashboard/projects'));
    expect(asked).toEqual(['/api/dashboard/projects?limit=10&offset=0', '/api/dashboard/projects?limit=10&offset=10', '/api/dashboard/projects?limit=10&offset=20']);
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/projects')).toBe(false);
  });

  it('filters by status on the server, from the first page', async () => {
    const fetchMock = serve();
    renderWithProviders(<DashboardProjects />);
    await screen.findByText('Showing 1 to 10 of 23 results');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11 to 20 of 23 results');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter projects by status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Planning' }));
    await screen.findByText('Showing 1 to 10 of 11 results');
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/dashboard/projects?limit=10&offset=0&status=planning'));
  });
});
