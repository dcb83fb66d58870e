import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { Select } from './select';

const OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  { value: 'ordered', label: 'Ordered' },
  { value: 'delivered', label: 'Delivered' },
];

function Controlled({ onChange }: { onChange(v: string): void }) {
  const [value, setValue] = useState('all');
  return (
    <Select
      aria-label="Status"
      value={value}
      onValueChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      options={OPTIONS}
    />
  );
}

const inTheme = (ui: React.ReactNode) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('Select', () => {
  it('shows the chosen option before it has ever been opened, and the placeholder without one', () => {
    inTheme(
      <>
        <Controlled onChange={() => undefined} />
        <Select aria-label="Project" placeholder="Choose a project" options={OPTIONS} />
        <Select aria-label="Default" defaultValue="delivered" options={OPTIONS} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('All Statuses');
    expect(screen.getByRole('combobox', { name: 'Project' }).textContent).toBe('Choose a project');
    expect(screen.getByRole('combobox', { name: 'Default' }).textContent).toBe('Delivered');
  });

  it('opens with the pointer on first use and reports the picked option', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    inTheme(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    expect(onChange).toHaveBeenCalledWith('delivered');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Delivered');
  });

  it('picks by typing on the focused, closed control (its options mount on focus)', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    inTheme(<Controlled onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBe(document.activeElement);
    await user.keyboard('o');
    expect(onChange).toHaveBeenCalledWith('ordered');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Ordered');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('an uncontrolled select shows what was picked', async () => {
    const user = userEvent.setup();
    inTheme(<Select aria-label="Default" defaultValue="all" options={OPTIONS} />);
    await user.click(screen.getByRole('combobox', { name: 'Default' }));
    await user.click(await screen.findByRole('option', { name: 'Ordered' }));
    expect(screen.getByRole('combobox', { name: 'Default' }).textContent).toBe('Ordered');
  });
});
