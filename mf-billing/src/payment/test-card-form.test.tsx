import { renderWithProviders } from '@midway/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TestCardForm, { formatExpiry, validateCard } from './test-card-form';

describe('the test card form’s expiry', () => {
  it('is formatted as it is typed: 1229 → 12 / 29', async () => {
    renderWithProviders(<TestCardForm invoiceId="i" clientSecret="pi_1_secret_x" totalLabel="$50.00" onConfirmed={jest.fn()} onCancel={jest.fn()} />);
    const expiry = screen.getByLabelText('Expiry (MM / YY)');
    await userEvent.type(expiry, '12');
    expect((expiry as HTMLInputElement).value).toBe('12');
    await userEvent.type(expiry, '2');
    expect((expiry as HTMLInputElement).value).toBe('12 / 2');
    await userEvent.type(expiry, '9');
    expect((expiry as HTMLInputElement).value).toBe('12 / 29');
    // No fifth digit, and deleting goes back over the separator.
    await userEvent.type(expiry, '7');
    expect((expiry as HTMLInputElement).value).toBe('12 / 29');
    await userEvent.type(expiry, '{Backspace}{Backspace}');
    expect((expiry as HTMLInputElement).value).toBe('12');
    await userEvent.type(expiry, '{Backspace}');
    expect((expiry as HTMLInputElement).value).toBe('1');
  });

  it('keeps digits only, makes a lone 2–9 a month, and what it shows passes the card check', () => {
    expect(formatExpiry('12/29')).toBe('12 / 29');
    expect(formatExpiry('a1b2 c2 9')).toBe('12 / 29');
    expect(formatExpiry('3')).toBe('03');
    expect(formatExpiry('329')).toBe('03 / 29');
    expect(formatExpiry('')).toBe('');
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: formatExpiry('1299'), cvc: '123' }, new Date('2026-11-26'))).toEqual({});
  });
});
