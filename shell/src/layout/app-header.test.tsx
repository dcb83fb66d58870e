import { theme } from '@midway/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { AppHeader } from './app-header';

describe('AppHeader', () => {
  it('gives New Project and New Item distinct names and icons (on a phone only the icons show)', () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <AppHeader onOpenSearch={jest.fn()} onOpenNav={jest.fn()} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    const newProject = screen.getByRole('button', { name: 'New project' });
    const newItem = screen.getByRole('button', { name: 'New item' });
    const icon = (button: HTMLElement) => button.querySelector('svg')?.getAttribute('class');
    expect(icon(newProject)).toMatch(/lucide-folder-plus/);
    expect(icon(newItem)).toMatch(/lucide-package-plus/);
    // The visible words stay in the accessibility tree at every width (visually hidden, not display: none).
    expect(newProject.textContent).toBe('New Project');
    expect(newItem.textContent).toBe('New Item');
  });
});
