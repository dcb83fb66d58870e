import { getToasts, resetToasts, theme } from '@midway/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { ContactForm } from './contact-form';
import { toContactBody, validateContact, EMPTY_CONTACT_FORM } from './contact-validation';

// No QueryClientProvider: the form is on the signed-out path, which loads no React Query.
function renderForm() {
  render(
    <ThemeProvider theme={theme}>
      <ContactForm />
    </ThemeProvider>,
  );
}

const fill = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('contact validation', () => {
  it('requires first name, last name, email and message; phone is optional', () => {
    expect(Object.keys(validateContact(EMPTY_CONTACT_FORM)).sort()).toEqual(['email', 'firstName', 'lastName', 'message']);
  });

  it('rejects a malformed e-mail and trims values; an empty phone is omitted', () => {
    const values = { firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@', phone: '  ', message: ' Hi ' };
    expect(validateContact(values)).toEqual({ email: 'Please enter a valid email address' });
    const body = toContactBody({ ...values, email: 'ada@example.com' });
    expect(JSON.parse(JSON.stringify(body))).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', message: 'Hi' });
  });
});

describe('contact form', () => {
  beforeEach(() => resetToasts());

  it("shows 'SENDING...' while sending, then toasts 'Message Sent!' and resets", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderForm();
    fill('First name', 'Ada');
    fill('Last name', 'Lovelace');
    fill(/^Email/, 'ada@example.com');
    fill('Message', 'Three sofas arriving next week');
    fireEvent.click(screen.getByRole('button', { name: /SEND MESSAGE/ }));

    const button = await screen.findByRole('button', { name: /SENDING\.\.\./ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Three sofas arriving next week',
    });

    answer({ ok: true, status: 200, statusText: 'OK', json: async () => ({ success: true, message: 'We will be in touch.' }) } as Response);
    await screen.findByRole('button', { name: /SEND MESSAGE/ });
    expect(getToasts()[0]).toMatchObject({ title: 'Message Sent!', description: 'We will be in touch.' });
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('');
  });

  it('shows field errors and sends nothing when required fields are missing', () => {
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: /SEND MESSAGE/ }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts the server's message when success is false, and a fallback on network failure", async () => {
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ success: false, message: 'Too many messages' }) }) as Response) as unknown as typeof fetch;
    renderForm();
    fill('First name', 'Ada');
    fill('Last name', 'L');
    fill(/^Email/, 'ada@example.com');
    fill('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: /SEND MESSAGE/ }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Error', description: 'Too many messages', variant: 'destructive' }));
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');

    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    fireEvent.click(screen.getByRole('button', { name: /SEND MESSAGE/ }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Failed to send message. Please try again.' }));
  });
});
