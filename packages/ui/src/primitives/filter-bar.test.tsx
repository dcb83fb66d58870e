import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { FilterBar, SEARCH_MAX_LENGTH, SearchBox } from './filter-bar';

function Page({ onSearch }: { onSearch(v: string): void }) {
  const [q, setQ] = useState('');
  return (
    <ThemeProvider theme={theme}>
      <FilterBar label="Filters">
        <SearchBox
          label="Search items"
          placeholder="Search items, suppliers, or schedule numbers..."
          value={q}
          onChange={(v) => {
            setQ(v);
            onSearch(v);
          }}
        />
        <select aria-label="Status" />
      </FilterBar>
    </ThemeProvider>
  );
}

describe('FilterBar and SearchBox', () => {
  it('is a named section holding a searchbox that reports what is typed', async () => {
    const onSearch = jest.fn();
    render(<Page onSearch={onSearch} />);
    const region = screen.getByRole('region', { name: 'Filters' });
    const box = screen.getByRole('searchbox', { name: 'Search items' }) as HTMLInputElement;
    expect(region.contains(box)).toBe(true);
    expect(region.contains(screen.getByRole('combobox', { name: 'Status' }))).toBe(true);
    expect(box.placeholder).toBe('Search items, suppliers, or schedule numbers...');
    await userEvent.type(box, 'oak');
    expect(box.value).toBe('oak');
    expect(onSearch).toHaveBeenLastCalledWith('oak');
  });

  it('keeps search text to the length the services search', () => {
    render(<Page onSearch={() => undefined} />);
    expect((screen.getByRole('searchbox', { name: 'Search items' }) as HTMLInputElement).maxLength).toBe(SEARCH_MAX_LENGTH);
  });
});
