import type { Item } from '@midway/contracts';
import { Button } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { custodyStatusMessage } from '@midway/contracts/item-lifecycle';
import { useCarriers, useUpdateItem } from '../api/items-queries';
import { formValuesOf, toUpdateBody, updateItemResolver, type ItemFormValues } from './item-form';
import { ItemFormFields } from './item-form-fields';

/** Edit Item: every field; an emptied optional field is cleared. */
export default function EditItemDialog({ item, onClose }: { item: Item; onClose(): void }) {
  const carriers = useCarriers();
  const update = useUpdateItem();
  const form = useForm<ItemFormValues>({ defaultValues: formValuesOf(item), resolver: updateItemResolver });
  const saving = update.isPending;
  const statusLocked = item.inCustody && item.custodySince ? custodyStatusMessage(item.custodySince) : undefined;
  const submit = form.handleSubmit((values) => {
    const body = toUpdateBody(values);
    // Item views name the carrier detected from the tracking number when none was chosen: sending it back
    // untouched would store the guess as the designer's choice (and keep it if the number changes).
    if (!form.formState.dirtyFields.carrierId) delete body.carrierId;
    update.mutate({ itemId: item.id, body }, { onSuccess: onClose });
  });
  return (
    <Dialog open onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent width="620px" aria-describedby="edit-item-description">
        <DialogTitle>Edit Item</DialogTitle>
        <DialogDescription id="edit-item-description">{item.projectName}</DialogDescription>
        <form onSubmit={submit} noValidate>
          <ItemFormFields register={form.register} control={form.control} errors={form.formState.errors} disabled={saving} carriers={carriers.data ?? []} itemId={item.id} statusLocked={statusLocked} />
          <DialogFooter>
            <Button $variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 aria-hidden /> : null}
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
