import { isUnauthorizedError, Skeleton, toast } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { lazy, Suspense, useCallback } from 'react';
import { useRefreshItems } from '../api/items-queries';
import { photosApi } from './photos-api';

// Uppy (and its styles) load when the dialog opens, never with the page.
const UppyDashboard = lazy(() => import('./uppy-dashboard'));

export const PHOTO_MESSAGES = {
  success: 'Photo uploaded successfully',
  failed: 'Failed to save photo',
  permissions: 'Photo uploaded but permissions may not be set correctly',
} as const;

export interface PhotoPickerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The item the photo belongs to; without one (a new item) the photoUrl is handed back to send with it. */
  itemId?: string;
  onPhoto(photoUrl: string): void;
}

/**
 * The photo picker: one image through the upload widget, then PUT /api/item-photos, which
 * attaches it to the item (or answers the photoUrl for an item not created yet). Section 8's photo toasts.
 */
export default function PhotoPickerDialog({ open, onOpenChange, itemId, onPhoto }: PhotoPickerDialogProps) {
  const refresh = useRefreshItems();
  const uploaded = useCallback(
    async (uploadURL: string) => {
      try {
        const { photoUrl } = await photosApi.attach(uploadURL, itemId);
        toast({ title: 'Success', description: PHOTO_MESSAGES.success, variant: 'success' });
        onPhoto(photoUrl);
        onOpenChange(false);
        if (itemId) await refresh();
      } catch (error) {
        if (isUnauthorizedError(error)) return;
        // The file is stored but could not be given to the item: say so, rather than claim it worked.
        toast({ title: 'Error', description: itemId ? PHOTO_MESSAGES.failed : PHOTO_MESSAGES.permissions, variant: 'destructive' });
      }
    },
    [itemId, onPhoto, onOpenChange, refresh],
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="750px" aria-describedby="photo-picker-description">
        <DialogTitle>Upload Photo</DialogTitle>
        <DialogDescription id="photo-picker-description">One image (JPEG, PNG, WebP or GIF) of up to 10 MB.</DialogDescription>
        <Suspense fallback={<Skeleton $height="360px" aria-label="Loading the uploader" />}>{open ? <UppyDashboard onUploaded={uploaded} /> : null}</Suspense>
      </DialogContent>
    </Dialog>
  );
}
