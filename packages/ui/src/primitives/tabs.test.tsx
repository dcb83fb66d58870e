import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Views({ onPanelMount }: { onPanelMount?: (name: string) => void }) {
  const [tab, setTab] = useState('list');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Item views">
        <TabsTrigger value="list">List View</TabsTrigger>
        <TabsTrigger value="grid">Grid View</TabsTrigger>
        <TabsTrigger value="status">By Status</TabsTrigger>
      </TabsList>
      {['list', 'grid', 'status'].map((v) => (
        <TabsContent key={v} value={v}>
          <p ref={() => onPanelMount?.(v)}>{v} body</p>
        </TabsContent>
      ))}
    </Tabs>
  );
}

const inTheme = (ui: React.ReactNode) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('Tabs', () => {
  it('labels the selected panel by its tab, which controls it, and renders only that panel', () => {
    const mounted: string[] = [];
    inTheme(<Views onPanelMount={(v) => mounted.push(v)} />);
    const tab = screen.getByRole('tab', { name: 'List View' });
    const panel = screen.getByRole('tabpanel', { name: 'List View' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('list body');
    // The other panels exist (each tab's aria-controls names an element) but are hidden and empty.
    const grid = screen.getByRole('tab', { name: 'Grid View' });
    const gridPanel = document.getElementById(grid.getAttribute('aria-controls')!)!;
    expect(gridPanel.hidden).toBe(true);
    expect(gridPanel.textContent).toBe('');
    expect(mounted).toEqual(['list']);
  });

  it('moves between tabs with a click and with the arrow keys, as Radix Tabs does', async () => {
    const user = userEvent.setup();
    inTheme(<Views />);
    await user.click(screen.getByRole('tab', { name: 'Grid View' }));
    expect(screen.getByRole('tabpanel', { name: 'Grid View' }).textContent).toBe('grid body');
    expect(screen.getByRole('tab', { name: 'List View' }).getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'By Status' }));
    expect(screen.getByRole('tabpanel', { name: 'By Status' }).textContent).toBe('status body');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'List View' }).textContent).toBe('list body');
  });

  it('reads no computed style while mounting (in a page’s first commit that forced its whole layout)', () => {
    const spy = jest.spyOn(window, 'getComputedStyle');
    try {
      inTheme(<Views />);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('gives two tab sets on one page distinct ids', () => {
    inTheme(
      <>
        <Views />
        <Views />
      </>,
    );
    const ids = screen.getAllByRole('tabpanel').map((p) => p.id);
    expect(new Set(ids).size).toBe(2);
  });
});
