import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { ContactList } from './contact-list';

describe('ContactList', () => {
  it('links the phone (tel:) and the e-mail (mailto:) and shows the address', () => {
    render(
      <ThemeProvider theme={theme}>
        <ContactList details={{ supportPhone: '(416) 555-0134', supportEmail: 'help@midway.test', supportAddress: '40 Dock Rd, Toronto' }} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('link', { name: '(416) 555-0134' }).getAttribute('href')).toBe('tel:4165550134');
    expect(screen.getByRole('link', { name: 'help@midway.test' }).getAttribute('href')).toBe('mailto:help@midway.test');
    expect(screen.getByText('40 Dock Rd, Toronto')).toBeTruthy();
  });
});
