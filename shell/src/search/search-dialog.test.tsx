import { theme } from '@midway/ui';
import { createQueryClient } from '@midway/ui/query';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { SearchDialog } from './search-dialog';
import { notSearchedMessage, SEARCH_DEBOUNCE_MS, SEARCH_MIN_QUERY_LENGTH, shouldSearch } from './search-query';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const named = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status < 300, status, statusText: status === 404 ? 'Not Found' : 'OK', text: async () => JSON.stringify(body), json: async () => body,
    headers: { get: (name: string) => named.get(name.toLowerCase()) ?? null },
  } as unknown as Response;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderDialog(onOpenChange = jest.fn()) {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <SearchDialog open onOpenChange={onOpenChange} />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return onOpenChange;
}

const input = () => screen.getByPlaceholderText('Search projects, items, services...');
const settle = () => act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 100)));

describe('search', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn(async () =>
      json(200, [{ type: 'project', id: 'p1', title: 'Smith Residence', subtitle: 'Vancouver', url: '/projects/p1' }]),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('runs only when the query is longer than 2 characters', () => {
    expect(SEARCH_MIN_QUERY_LENGTH).toBe(3);
    expect(shouldSearch('ab')).toBe(false);
    expect(shouldSearch('  ab  ')).toBe(false);
    expect(shouldSearch('abc')).toBe(true);
  });

  it('sends no request for 2 characters and one debounced request for 3', async () => {
    renderDialog();
    fireEvent.change(input(), { target: { value: 'sm' } });
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('No results found.')).toBeTruthy();

    fireEvent.change(input(), { target: { value: 'smi' } });
    fireEvent.change(input(), { target: { value: 'smit' } });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/search?q=smit');
  });

  it('shows one Results group; choosing a result closes, clears and navigates', async () => {
    const onOpenChange = renderDialog();
    fireEvent.change(input(), { target: { value: 'smith' } });
    await waitFor(() => expect(screen.getByText('Smith Residence')).toBeTruthy());
    expect(screen.getByText('Results')).toBeTruthy();
    expect(screen.getByText('Vancouver')).toBeTruthy();

    fireEvent.click(screen.getByText('Smith Residence'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect((input() as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('where').textContent).toBe('/projects/p1');
  });

  it("shows 'No results found.' when the search endpoint does not exist yet (404)", async () => {
    fetchMock.mockImplementation(async () => json(404, { error: 'not_found' }));
    renderDialog();
    fireEvent.change(input(), { target: { value: 'lamp' } });
    await settle();
    expect(fetchMock).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('No results found.')).toBeTruthy());
  });

  it('says what could not be searched when a source was left out, and searches again on Try again', async () => {
    fetchMock.mockImplementationOnce(async () => json(200, [{ type: 'service', id: 's1', title: 'Receiving', url: '/items' }], { 'X-Search-Incomplete': 'catalog' }));
    renderDialog();
    fireEvent.change(input(), { target: { value: 'walnut' } });
    await waitFor(() => expect(screen.getByTestId('search-partial').textContent).toBe('Projects and items could not be searched just now. Try again'));
    expect(screen.getByText('Receiving')).toBeTruthy();
    expect(screen.queryByText('No results found.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Smith Residence')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('search-partial')).toBeNull();
  });

  it('names every source left out', () => {
    expect(notSearchedMessage(['projects', 'items', 'services'])).toBe('Projects, items and services could not be searched just now.');
    expect(notSearchedMessage(['services'])).toBe('Services could not be searched just now.');
  });
});
