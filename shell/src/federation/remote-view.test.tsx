import { theme } from '@midway/ui';
import { act, render, screen } from '@testing-library/react';
import { startTransition, useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { RemoteView, resetRemoteViews } from './remote-view';
import { loadedRemoteModule, loadRemoteModule } from './load-remote-module';

jest.mock('./load-remote-module', () => ({ loadRemoteModule: jest.fn(), loadedRemoteModule: jest.fn() }));
const loaded = loadedRemoteModule as jest.Mock;
const load = loadRemoteModule as jest.Mock;

const Landing = ({ config }: { config: { productName: string } }) => <h1>Welcome to {config.productName}</h1>;
const config = { productName: 'Midway' as const, providerName: 'Harbourline Logistics Ltd.', supportPhone: '1', supportEmail: 'a@b.c', supportAddress: 'x', stripePublishableKey: null };

const view = () => (
  <ThemeProvider theme={theme}>
    <RemoteView id="mf_landing/Landing" props={{ config }} loading={<p>Loading…</p>} />
  </ThemeProvider>
);

describe('RemoteView', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    resetRemoteViews();
  });

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

  it('loads a failing remote once when a navigation (a transition) switches to it from another remote, and shows its retry card', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Projects = () => <h1>Projects</h1>;
    loaded.mockImplementation((id: string) => (id === 'mf_projects/Routes' ? { default: Projects } : undefined));
    load.mockImplementation(async () => {
      throw new Error('remoteEntry.js answered 404');
    });
    let navigate!: (id: 'mf_items/Routes') => void;
    function Router() {
      const [id, setId] = useState<'mf_projects/Routes' | 'mf_items/Routes'>('mf_projects/Routes');
      navigate = (next) => startTransition(() => setId(next));
      return (
        <ThemeProvider theme={theme}>
          <RemoteView id={id} props={{ page: 'items' } as never} label="Items" loading={<p>Loading…</p>} />
        </ThemeProvider>
      );
    }
    render(<Router />);
    expect(screen.getByRole('heading').textContent).toBe('Projects');
    await act(async () => {
      navigate('mf_items/Routes');
      await new Promise((r) => setTimeout(r, 300));
    });
    // It was fetched again on every retry of the uncommitted render (thousands of requests, the old page on screen).
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('remote-error')).toBeTruthy();
    expect(screen.getByText('Items could not be loaded')).toBeTruthy();
  });

  it("leaves a failed remote's retry card behind when the route switches to another remote", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Projects = () => <h1>Projects</h1>;
    loaded.mockImplementation((id: string) => (id === 'mf_projects/Routes' ? { default: Projects } : undefined));
    load.mockImplementation(async () => {
      throw new Error('remoteEntry.js answered 404');
    });
    const at = (id: 'mf_items/Routes' | 'mf_projects/Routes') => (
      <ThemeProvider theme={theme}>
        <RemoteView id={id} props={{ page: 'items' } as never} label="Items" loading={<p>Loading…</p>} />
      </ThemeProvider>
    );
    const view = render(at('mf_items/Routes'));
    await screen.findByTestId('remote-error');
    view.rerender(at('mf_projects/Routes'));
    expect(screen.getByRole('heading').textContent).toBe('Projects');
    expect(screen.queryByTestId('remote-error')).toBeNull();
  });
});
