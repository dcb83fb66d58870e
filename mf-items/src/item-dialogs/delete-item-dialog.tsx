import type { Item } from '@midway/contracts';
import { Button } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { Loader2 } from 'lucide-react';
import { useDeleteItem } from '../api/items-queries';

export const deleteConfirmation = (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`;

/** Delete asks first, with the item's name. */
export default function DeleteItemDialog({ item, onClose }: { item: Item; onClose(): void }) {
  const remove = useDeleteItem();
  const busy = remove.isPending;
  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent width="440px" role="alertdialog" aria-describedby="delete-item-description">
        <DialogTitle>Delete Item</DialogTitle>
        <DialogDescription id="delete-item-description">{deleteConfirmation(item.name)}</DialogDescription>
        <DialogFooter>
          <Button $variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button $variant="destructive" disabled={busy} onClick={() => remove.mutate(item.id, { onSuccess: onClose })}>
            {busy ? <Loader2 aria-hidden /> : null}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
