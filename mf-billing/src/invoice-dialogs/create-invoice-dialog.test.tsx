import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, aDetail, anInvoice, aProject } from '../test-fixtures';
import CreateInvoiceDialog from './create-invoice-dialog';
import { matchingProjects } from './project-combobox';

/** 140 projects, as an admin of a busy studio has them: the picker must find one by typing. */
const PROJECTS = Array.from({ length: 140 }, (_, i) =>
  aProject({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Residence ${String(i).padStart(3, '0')}`, clientName: i === 77 ? 'Harbour Lofts' : `Client ${i}`, clientEmail: `client${i}@example.com` }),
);

const bodyOf = (fetchMock: jest.Mock, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

function renderDialog(props: { projectId?: string } = {}) {
  const created = anInvoice({ status: 'draft' });
  const fetchMock = mockFetch({
    'GET /api/auth/user': () => jsonResponse(ADMIN),
    'GET /api/projects': () => jsonResponse(PROJECTS),
    ...Object.fromEntries(PROJECTS.map((p) => [`POST /api/projects/${p.id}/invoices`, () => jsonResponse(aDetail(created, []), 201)])),
  });
  const onClose = jest.fn();
  const onCreated = jest.fn();
  renderWithProviders(<CreateInvoiceDialog {...props} onClose={onClose} onCreated={onCreated} />);
  return { fetchMock, onClose, onCreated, created };
}

const picker = () => screen.getByRole('combobox', { name: 'Project' }) as HTMLInputElement;
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

describe('matchingProjects', () => {
  const projects = [aProject({ name: 'Lakeview Residence', clientName: 'Jordan Ellis' }), aProject({ name: 'Harbour House', clientName: 'Sam Lee' })];

  it('matches the project or the client name, any case, every word typed', () => {
    expect(matchingProjects(projects, 'LAKE').map((p) => p.name)).toEqual(['Lakeview Residence']);
    expect(matchingProjects(projects, 'sam').map((p) => p.name)).toEqual(['Harbour House']);
    expect(matchingProjects(projects, 'harbour lee').map((p) => p.name)).toEqual(['Harbour House']);
    expect(matchingProjects(projects, 'harbour jordan')).toEqual([]);
    expect(matchingProjects(projects, '  ')).toHaveLength(2);
  });
});

describe('Create Invoice’s project picker', () => {
  beforeEach(() => resetToasts());

  it('is a combobox with a listbox: typing filters by project or client name, and a click chooses', async () => {
    const { fetchMock, onCreated, created } = renderDialog();
    const user = userEvent.setup();
    await waitFor(() => expect(picker().placeholder).toBe('Select a project'));
    expect(picker().getAttribute('aria-expanded')).toBe('false');
    await user.click(picker());
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    expect(picker().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(options()).toHaveLength(140);
    await user.type(picker(), 'harbour');
    expect(options().map((o) => o.textContent)).toEqual(['Residence 077 - Harbour Lofts']);
    await user.clear(picker());
    // Every word: 'Client 112' has '12' too.
    await user.type(picker(), 'residence 12');
    expect(options().map((o) => o.textContent)).toEqual(['Residence 012 - Client 12', 'Residence 112 - Client 112', 'Residence 120 - Client 120', 'Residence 121 - Client 121', 'Residence 122 - Client 122', 'Residence 123 - Client 123', 'Residence 124 - Client 124', 'Residence 125 - Client 125', 'Residence 126 - Client 126', 'Residence 127 - Client 127', 'Residence 128 - Client 128', 'Residence 129 - Client 129']);
    await user.click(screen.getByRole('option', { name: 'Residence 125 - Client 125' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker().value).toBe('Residence 125 - Client 125');
    // The project's client fills in.
    expect((screen.getByLabelText('Client Name') as HTMLInputElement).value).toBe('Client 125');
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created.id));
    expect(bodyOf(fetchMock, 'POST', `/api/projects/${PROJECTS[125]!.id}/invoices`)).toMatchObject({ projectId: PROJECTS[125]!.id, clientName: 'Client 125', clientEmail: 'client125@example.com' });
    expect(getToasts().map((t) => t.description)).toContain('Invoice created successfully');
  });

  it('works from the keyboard: ↓/↑ move the highlighted option (aria-activedescendant), Enter chooses without submitting, Escape closes the list and not the dialog', async () => {
    const { fetchMock, onClose } = renderDialog();
    const user = userEvent.setup();
    await waitFor(() => expect(picker().placeholder).toBe('Select a project'));
    picker().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    const active = () => document.getElementById(picker().getAttribute('aria-activedescendant')!)!.textContent;
    expect(active()).toBe('Residence 000 - Client 0');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Residence 002 - Client 2');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Residence 001 - Client 1');
    // Up from the first wraps to the last.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()).toBe('Residence 139 - Client 139');
    await user.keyboard('{Enter}');
    expect(picker().value).toBe('Residence 139 - Client 139');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(picker(), 'zzz');
    expect(within(screen.getByRole('listbox')).getByText('No projects match')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Create Invoice' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Closing without choosing keeps the project chosen before.
    expect(picker().value).toBe('Residence 139 - Client 139');
  });

  it('keeps a preselected project (/billing?create=<projectId>) with its client filled in', async () => {
    renderDialog({ projectId: PROJECTS[42]!.id });
    await waitFor(() => expect(picker().value).toBe('Residence 042 - Client 42'));
    expect((screen.getByLabelText('Client Name') as HTMLInputElement).value).toBe('Client 42');
  });

  it('asks for a project when none is chosen', async () => {
    const { fetchMock } = renderDialog();
    await waitFor(() => expect(picker().placeholder).toBe('Select a project'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Invoice' }));
    expect(screen.getByText('Please select a project')).toBeTruthy();
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
