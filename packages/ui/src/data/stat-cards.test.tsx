import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { StatCards } from './stat-cards';

const Icon = () => <svg aria-hidden />;

describe('StatCards', () => {
  it('a card with a hint is reached by Tab, named by its label and number, described by its rule (a tooltip)', async () => {
    render(
      <ThemeProvider theme={theme}>
        <StatCards
          stats={[
            { label: 'In Transit', value: '3', icon: Icon, hint: 'Items that have a tracking number and are not delivered' },
            { label: 'Total Items', value: '9', icon: Icon },
          ]}
        />
      </ThemeProvider>,
    );
    const card = screen.getByRole('group', { name: 'In Transit 3', description: 'Items that have a tracking number and are not delivered' });
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe('Items that have a tracking number and are not delivered');
    await userEvent.tab();
    expect(document.activeElement).toBe(card);
    // A card without a hint stays plain: not focusable, no group.
    expect(screen.getByTestId('stat-Total Items').getAttribute('tabindex')).toBeNull();
    expect(screen.queryByRole('group', { name: /Total Items/ })).toBeNull();
  });
});
