import type { InspectionQueueEntry } from '@midway/contracts';
import { INSPECTION_CONDITION_LABELS, INSPECTION_CONDITIONS, isDamageCondition } from '@midway/contracts/vocab';
import { FieldError, Label, Optional, Textarea } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import styled from 'styled-components';
import { useInspect } from '../api/receiving-queries';
import { EMPTY_INSPECTION, inspectionResolver, type InspectionFormValues, type ValidInspection } from './inspection-form';
import { PhotoCapture } from './photo-capture';

const Fields = styled.div`
  display: grid;
  gap: 18px;
`;

const Conditions = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; margin-bottom: 6px; }
  div { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }
  label {
    display: flex; align-items: center; justify-content: center; gap: 6px; min-height: 44px; padding: 0 8px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong}; border-radius: ${({ theme }) => theme.radii.md};
    font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; text-align: center; cursor: pointer;
  }
  label:has(input:checked) { border-color: ${({ theme }) => theme.colors.accent}; background: ${({ theme }) => theme.colors.accentSoft}; }
  label:has(input:checked[value='damaged']), label:has(input:checked[value='missing-parts']) { border-color: ${({ theme }) => theme.colors.danger}; background: ${({ theme }) => theme.colors.dangerSoft}; }
  label:focus-within { box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.accentSoft}; }
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The inspection of one arrived item: its condition, notes and photos from the camera. Damaged or missing parts is
 * a damage report, which logistics e-mails to the project's owner and members.
 */
export default function InspectionDialog({ entry, onClose }: { entry: InspectionQueueEntry; onClose(): void }) {
  const inspect = useInspect(entry.itemName);
  const [uploading, setUploading] = useState(false);
  const form = useForm<InspectionFormValues>({ defaultValues: EMPTY_INSPECTION, resolver: inspectionResolver });
  const saving = inspect.isPending;
  const errors = form.formState.errors;
  const condition = form.watch('condition');
  const submit = form.handleSubmit((values) => {
    inspect.mutate({ itemId: entry.itemId, body: (values as ValidInspection).body }, { onSuccess: onClose });
  });
  return (
    <Dialog open onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent width="560px" aria-describedby="inspection-description">
        <DialogTitle>Inspect {entry.itemName}</DialogTitle>
        <DialogDescription id="inspection-description">{entry.projectName}</DialogDescription>
        <form onSubmit={submit} noValidate>
          <Fields>
            <Conditions aria-invalid={errors.condition ? true : undefined}>
              <legend>Condition</legend>
              <div>
                {INSPECTION_CONDITIONS.map((c) => (
                  <label key={c}>
                    <input type="radio" value={c} {...form.register('condition')} disabled={saving} />
                    {INSPECTION_CONDITION_LABELS[c]}
                  </label>
                ))}
              </div>
              {errors.condition?.message ? <FieldError>{errors.condition.message}</FieldError> : null}
            </Conditions>
            <div>
              <Label htmlFor="inspection-notes">
                Notes <Optional>(optional)</Optional>
              </Label>
              <Textarea id="inspection-notes" {...form.register('notes')} disabled={saving} placeholder="What you found: dents, scratches, what is missing…" aria-invalid={errors.notes ? true : undefined} />
              {errors.notes?.message ? <FieldError>{errors.notes.message}</FieldError> : null}
            </div>
            <Controller control={form.control} name="photoUrls" render={({ field }) => <PhotoCapture value={field.value} onChange={field.onChange} onBusyChange={setUploading} />} />
            {errors.photoUrls?.message ? <FieldError>{errors.photoUrls.message}</FieldError> : null}
            {condition && isDamageCondition(condition) ? <Note>Saving reports the damage: the project's owner and members get an e-mail with the notes and photo links.</Note> : null}
          </Fields>
          <FormDialogFooter onCancel={onClose} saving={saving || uploading} submitLabel="Save inspection" savingLabel={uploading ? 'Uploading…' : 'Saving…'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
