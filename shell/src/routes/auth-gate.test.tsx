import { browserLocation, theme } from '@midway/ui';
import { render, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import { MemoryRouter } from 'react-router';
import { AuthGate } from './auth-gate';

/** The gate for a visitor the current-user query says is signed out, at `path`. */
function renderSignedOutAt(path: string) {
  const client = new QueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, null);
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          <AuthGate />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('AuthGate, signed out', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => assign.mockRestore());

  it('sends a visitor opening a project’s link to sign in, asked to come back to it (path, query and fragment)', async () => {
    renderSignedOutAt('/projects/0b7c9f4e-2a1d-4c3e-9f5a-6d8e7f1a2b3c?tab=items#damage');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(`/api/login?returnTo=${encodeURIComponent('/projects/0b7c9f4e-2a1d-4c3e-9f5a-6d8e7f1a2b3c?tab=items#damage')}`);
  });
});
