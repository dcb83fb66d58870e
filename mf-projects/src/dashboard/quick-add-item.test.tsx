import { getToasts, resetToasts } from '@midway/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject, anItem } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { validateQuickAdd } from './quick-add-form';
import { QuickAddItem } from './quick-add-item';

describe('quick add validation', () => {
  it('needs a project and a trimmed item name', () => {
    const message = 'Please select a project and enter an item name';
    expect(validateQuickAdd({ projectId: '', name: 'Sofa', supplier: '', trackingNumber: '' })).toEqual({ ok: false, message });
    expect(validateQuickAdd({ projectId: 'p1', name: '   ', supplier: '', trackingNumber: '' })).toEqual({ ok: false, message });
  });

  it('trims supplier and tracking number and leaves them out when empty', () => {
    expect(validateQuickAdd({ projectId: 'p1', name: ' Sofa ', supplier: '  ', trackingNumber: ' 1Z9 ' })).toEqual({
      ok: true,
      projectId: 'p1',
      item: { name: 'Sofa', trackingNumber: '1Z9' },
    });
  });
});

describe('QuickAddItem', () => {
  beforeEach(() => resetToasts());

  it('shows the validation message and sends nothing without a project', () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<QuickAddItem projects={[aProject()]} />);
    fireEvent.change(screen.getByLabelText('Item name'), { target: { value: 'Sofa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a project and enter an item name');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("adds the item to the chosen project and toasts 'Item added successfully'", async () => {
    const user = userEvent.setup();
    const project = aProject();
    const fetchMock = mockFetch({ [`POST /api/projects/${project.id}/items`]: () => jsonResponse(anItem(), 201) });
    renderWithProviders(<QuickAddItem projects={[project]} />);
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Lakeview Residence' }));
    await user.type(screen.getByLabelText('Item name'), ' Walnut dining table ');
    await user.type(screen.getByLabelText(/^Supplier/), 'Atelier North');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));

    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Item added successfully' }));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/items')) as [string, RequestInit];
    expect(JSON.parse(call[1].body as string)).toEqual({ name: 'Walnut dining table', supplier: 'Atelier North' });
    expect((screen.getByLabelText('Item name') as HTMLInputElement).value).toBe('');
  });

  it("toasts 'Failed to add item. Please try again.' when the server refuses", async () => {
    const user = userEvent.setup();
    const project = aProject();
    mockFetch({ [`POST /api/projects/${project.id}/items`]: () => jsonResponse({ message: 'nope' }, 500) });
    renderWithProviders(<QuickAddItem projects={[project]} />);
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Lakeview Residence' }));
    await user.type(screen.getByLabelText('Item name'), 'Sofa');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Failed to add item. Please try again.', variant: 'destructive' }));
  });
});
