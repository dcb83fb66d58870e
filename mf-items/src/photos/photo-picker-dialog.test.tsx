import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import PhotoPickerDialog, { PHOTO_MESSAGES } from './photo-picker-dialog';
import { PHOTO_RESTRICTIONS } from './photos-api';

// Uppy itself is ESM with CSS and is exercised in the browser; here the widget stands in and reports an upload.
jest.mock('./uppy-dashboard', () => ({
  __esModule: true,
  default: ({ onUploaded }: { onUploaded(url: string): void }) => (
    <button type="button" onClick={() => onUploaded('/api/objects/uploads/u1?sig=abc')}>
      fake upload
    </button>
  ),
}));

const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';

describe('photo picker', () => {
  beforeEach(() => resetToasts());

  it('limits the widget to one image of at most 10 MB', () => {
    expect(PHOTO_RESTRICTIONS).toEqual({ maxNumberOfFiles: 1, maxFileSize: 10485760, allowedFileTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] });
  });

  it("attaches the upload to the item, says 'Photo uploaded successfully' and hands back the served path", async () => {
    const fetchMock = mockFetch({ 'PUT /api/item-photos': () => jsonResponse({ photoUrl: '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab' }) });
    const onPhoto = jest.fn();
    const onOpenChange = jest.fn();
    renderWithProviders(<PhotoPickerDialog open onOpenChange={onOpenChange} itemId={ITEM_ID} onPhoto={onPhoto} />);
    await userEvent.click(await screen.findByRole('button', { name: 'fake upload' }));
    await waitFor(() => expect(onPhoto).toHaveBeenCalledWith('/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ photoUrl: '/api/objects/uploads/u1?sig=abc', itemId: ITEM_ID });
    expect(getToasts()[0]).toMatchObject({ description: PHOTO_MESSAGES.success });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says 'Failed to save photo' when the item cannot take it", async () => {
    mockFetch({ 'PUT /api/item-photos': () => jsonResponse({ message: 'nope' }, 404) });
    const onPhoto = jest.fn();
    renderWithProviders(<PhotoPickerDialog open onOpenChange={jest.fn()} itemId={ITEM_ID} onPhoto={onPhoto} />);
    await userEvent.click(await screen.findByRole('button', { name: 'fake upload' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Failed to save photo', variant: 'destructive' }));
    expect(onPhoto).not.toHaveBeenCalled();
  });

  it('for an item not created yet, sends no itemId and gives the photoUrl to send with it', async () => {
    const fetchMock = mockFetch({ 'PUT /api/item-photos': () => jsonResponse({ photoUrl: '/api/photos/6b1d2f2e-bbbb-4ccc-8ddd-0123456789ab' }) });
    const onPhoto = jest.fn();
    renderWithProviders(<PhotoPickerDialog open onOpenChange={jest.fn()} onPhoto={onPhoto} />);
    await userEvent.click(await screen.findByRole('button', { name: 'fake upload' }));
    await waitFor(() => expect(onPhoto).toHaveBeenCalledWith('/api/photos/6b1d2f2e-bbbb-4ccc-8ddd-0123456789ab'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ photoUrl: '/api/objects/uploads/u1?sig=abc' });
  });
});
