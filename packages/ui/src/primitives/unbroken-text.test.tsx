import { render } from '@testing-library/react';
import { EmailText, emailParts } from './unbroken-text';

describe('EmailText', () => {
  it('offers a line break only after the @ and before dots', () => {
    expect(emailParts('dana.ng@studio-north.example.com')).toEqual(['dana', '.ng@', 'studio-north', '.example', '.com']);
    expect(emailParts('x@y')).toEqual(['x@', 'y']);
  });
  it('renders the whole address as its text, with <wbr> between the parts', () => {
    const { container } = render(<EmailText email="dana.ng@studio.test" />);
    expect(container.textContent).toBe('dana.ng@studio.test');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
