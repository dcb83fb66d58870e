import type { CreateItemDialogProps } from '@midway/contracts';
import { FormAlert } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCarriers, useCreateItem, useProjects } from '../api/items-queries';
import { createItemResolver, EMPTY_ITEM_FORM, toCreateBody, type ItemFormValues } from './item-form';
import { ItemFormFields } from './item-form-fields';

/** Create New Item: any of the caller's projects, or the preselected one, locked. */
export default function CreateItemDialog({ open, onOpenChange, projectId }: CreateItemDialogProps) {
  const projects = useProjects();
  const carriers = useCarriers();
  const create = useCreateItem();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ItemFormValues>({ defaultValues: { ...EMPTY_ITEM_FORM, projectId: projectId ?? '' }, resolver: createItemResolver });
  const saving = create.isPending;
  useEffect(() => {
    if (open) {
      form.reset({ ...EMPTY_ITEM_FORM, projectId: projectId ?? '' });
      setFailure(null);
    }
  }, [open, projectId, form]);

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    create.mutate(
      { projectId: values.projectId, item: toCreateBody(values) },
      {
        onSuccess: () => onOpenChange(false),
        // The create dialog shows the error's message.
        onError: (error) => setFailure(error instanceof Error ? error.message : 'Failed to add item. Please try again.'),
      },
    );
  });
  // Only the caller's projects they may add items to (viewers read only).
  const editable = (projects.data ?? []).filter((p) => p.access !== 'viewer');

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent width="620px" aria-describedby="create-item-description">
        <DialogTitle>Create New Item</DialogTitle>
        <DialogDescription id="create-item-description">Add an item to one of your projects to track it.</DialogDescription>
        <form onSubmit={submit} noValidate>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <ItemFormFields
            register={form.register}
            control={form.control}
            errors={form.formState.errors}
            disabled={saving}
            carriers={carriers.data ?? []}
            projects={{ list: projectId ? (projects.data ?? []).filter((p) => p.id === projectId) : editable, locked: Boolean(projectId) }}
          />
          <FormDialogFooter onCancel={() => onOpenChange(false)} saving={saving} submitLabel="Create Item" savingLabel="Creating..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
