import { Button } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { Loader2 } from 'lucide-react';
import { useBulkDeleteItems } from '../api/items-queries';
import { countLabel } from '../shared/format';

export const bulkDeleteConfirmation = (n: number) => `Are you sure you want to delete ${countLabel(n, 'item', 'items')}? This action cannot be undone.`;

/** Deleting the chosen items asks first, with how many; all are deleted or none. */
export default function BulkDeleteDialog({ itemIds, onClose, onDeleted }: { itemIds: readonly string[]; onClose(): void; onDeleted(): void }) {
  const remove = useBulkDeleteItems();
  const busy = remove.isPending;
  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent width="440px" role="alertdialog" aria-describedby="bulk-delete-description">
        <DialogTitle>Delete {countLabel(itemIds.length, 'Item', 'Items')}</DialogTitle>
        <DialogDescription id="bulk-delete-description">{bulkDeleteConfirmation(itemIds.length)}</DialogDescription>
        <DialogFooter>
          <Button $variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            $variant="destructive"
            disabled={busy}
            onClick={() =>
              remove.mutate(itemIds, {
                onSuccess: () => {
                  onDeleted();
                  onClose();
                },
              })
            }
          >
            {busy ? <Loader2 aria-hidden /> : null}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
