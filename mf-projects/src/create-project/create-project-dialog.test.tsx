import { getToasts, resetToasts } from '@midway/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aProject } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders, textResponse } from '@midway/ui/testing';
import CreateProjectDialog from './create-project-dialog';
import { validateProjectForm } from './create-project-form';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('create-project validation', () => {
  it('requires trimmed name, client name and location', () => {
    expect(validateProjectForm({ name: '  ', clientName: 'Jordan', clientEmail: '', location: 'Toronto', installDate: '' })).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
      invalid: ['name'],
    });
  });

  it('accepts an empty e-mail but not a malformed one, and leaves empty optional fields out', () => {
    const values = { name: ' Loft ', clientName: ' Jordan ', clientEmail: 'jordan@', location: ' Toronto ', installDate: '' };
    expect(validateProjectForm(values)).toMatchObject({ ok: false, invalid: ['clientEmail'] });
    expect(validateProjectForm({ ...values, clientEmail: '' })).toEqual({ ok: true, body: { name: 'Loft', clientName: 'Jordan', location: 'Toronto' } });
    expect(validateProjectForm({ ...values, clientEmail: 'j@example.com', installDate: '2026-05-14' })).toEqual({
      ok: true,
      body: { name: 'Loft', clientName: 'Jordan', location: 'Toronto', clientEmail: 'j@example.com', installDate: '2026-05-14' },
    });
  });
});

describe('CreateProjectDialog', () => {
  beforeEach(() => resetToasts());

  it("shows 'Please fill in all required fields' and sends nothing when a required field is empty", () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<CreateProjectDialog open onOpenChange={() => undefined} />);
    fill(/^Project name/, 'Lakeview Residence');
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(screen.getByLabelText(/^Client name/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'Creating...' with every field disabled while saving, then toasts success, clears and closes", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = mockFetch({ 'POST /api/projects': () => new Promise<Response>((resolve) => (answer = resolve)), 'GET /api/projects': () => jsonResponse([]) });
    const onOpenChange = jest.fn();
    renderWithProviders(<CreateProjectDialog open onOpenChange={onOpenChange} />);
    fill(/^Project name/, ' Lakeview Residence ');
    fill(/^Client name/, 'Jordan Ellis');
    fill(/^Location/, '12 Harbour St');
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));

    const saving = await screen.findByRole('button', { name: /Creating\.\.\./ });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Location/) as HTMLInputElement).disabled).toBe(true);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ name: 'Lakeview Residence', clientName: 'Jordan Ellis', location: '12 Harbour St' });

    answer(jsonResponse(aProject(), 201));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(getToasts()[0]).toMatchObject({ title: 'Success', description: 'Project created successfully' });
    expect((screen.getByLabelText(/^Project name/) as HTMLInputElement).value).toBe('');
  });

  it("toasts 'Failed to create project. Please try again.' on a server error and keeps the dialog open", async () => {
    mockFetch({ 'POST /api/projects': () => textResponse('boom', 500) });
    const onOpenChange = jest.fn();
    renderWithProviders(<CreateProjectDialog open onOpenChange={onOpenChange} />);
    fill(/^Project name/, 'Loft');
    fill(/^Client name/, 'Jordan');
    fill(/^Location/, 'Toronto');
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Failed to create project. Please try again.', variant: 'destructive' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Project name/) as HTMLInputElement).value).toBe('Loft');
  });
});
