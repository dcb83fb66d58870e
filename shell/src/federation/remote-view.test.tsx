import { theme } from '@midway/ui';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { RemoteView } from './remote-view';
import { loadedRemoteModule, loadRemoteModule } from './load-remote-module';

jest.mock('./load-remote-module', () => ({ loadRemoteModule: jest.fn(), loadedRemoteModule: jest.fn() }));
const loaded = loadedRemoteModule as jest.Mock;
const load = loadRemoteModule as jest.Mock;

const Landing = ({ config }: { config: { productName: string } }) => <h1>Welcome to {config.productName}</h1>;
const config = { productName: 'Midway' as const, supportPhone: '1', supportEmail: 'a@b.c', supportAddress: 'x', stripePublishableKey: null };

const view = () => (
  <ThemeProvider theme={theme}>
    <RemoteView id="mf_landing/Landing" props={{ config }} loading={<p>Loading…</p>} />
  </ThemeProvider>
);

describe('RemoteView', () => {
  beforeEach(() => jest.resetAllMocks());

  it('renders a module already loaded on this page in the first commit, never its loading fallback', () => {
    loaded.mockReturnValue({ default: Landing });
    render(view());
    expect(screen.getByRole('heading').textContent).toBe('Welcome to Midway');
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the loading fallback while a module not loaded yet arrives', async () => {
    loaded.mockReturnValue(undefined);
    load.mockResolvedValue({ default: Landing });
    render(view());
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect((await screen.findByRole('heading')).textContent).toBe('Welcome to Midway');
  });
});
