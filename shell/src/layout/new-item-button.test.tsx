import { theme } from '@midway/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { loadedRemoteModule, loadRemoteModule } from '../federation/load-remote-module';
import { NewItemButton } from './new-item-button';

jest.mock('../federation/load-remote-module', () => ({ loadRemoteModule: jest.fn(), loadedRemoteModule: jest.fn() }));
const loaded = loadedRemoteModule as jest.Mock;
const load = loadRemoteModule as jest.Mock;

const CreateItemDialog = ({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label="Create New Item" /> : null);

describe('the header’s New Item button', () => {
  beforeEach(() => jest.resetAllMocks());

  it('offers a retry when mf_items cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loaded.mockReturnValue(undefined);
    load.mockRejectedValue(new Error('remote down'));
    render(
      <ThemeProvider theme={theme}>
        <NewItemButton />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'New item' }));
    expect((await screen.findByTestId('new-item-retry')).textContent).toBe('Retry New Item');
  });

  it('opens Create New Item from mf_items on any page, loading the remote on the first click', async () => {
    loaded.mockReturnValue(undefined);
    load.mockResolvedValue({ default: CreateItemDialog });
    render(
      <ThemeProvider theme={theme}>
        <NewItemButton />
      </ThemeProvider>,
    );
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'New item' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Item' })).toBeTruthy();
    expect(load).toHaveBeenCalledWith('mf_items/CreateItemDialog', expect.anything());
  });
});
