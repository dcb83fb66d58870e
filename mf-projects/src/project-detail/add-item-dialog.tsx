import { Field, FieldError, FormGrid, FormRow, Input, Label, Optional, Textarea } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState, type FormEvent } from 'react';
import { useAddItem } from '../api/catalog-queries';
import { EMPTY_ADD_ITEM, validateAddItem, type AddItemValues } from './add-item-form';

const FIELDS: { name: Exclude<keyof AddItemValues, 'notes'>; label: string; type: string; optional: boolean; step?: string; min?: string; max: number; placeholder?: string }[] = [
  { name: 'name', label: 'Item name', type: 'text', optional: false, max: 255, placeholder: 'e.g. Boucle lounge chair' },
  { name: 'supplier', label: 'Supplier', type: 'text', optional: true, max: 255 },
  { name: 'trackingNumber', label: 'Tracking number', type: 'text', optional: true, max: 100 },
  { name: 'price', label: 'Price (USD)', type: 'number', optional: true, step: '0.01', min: '0', max: 20 },
  { name: 'productUrl', label: 'Product URL', type: 'url', optional: true, max: 2048, placeholder: 'https://' },
];

/** 'Add New Item' on the project page. */
export function AddItemDialog({ projectId, open, onOpenChange }: { projectId: string; open: boolean; onOpenChange(open: boolean): void }) {
  const [values, setValues] = useState<AddItemValues>(EMPTY_ADD_ITEM);
  const [error, setError] = useState<{ field: keyof AddItemValues; message: string } | null>(null);
  const addItem = useAddItem();
  const saving = addItem.isPending;
  const set = (field: keyof AddItemValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validateAddItem(values);
    if (!result.ok) return setError({ field: result.field, message: result.message });
    setError(null);
    addItem.mutate(
      { projectId, item: result.item },
      {
        onSuccess: () => {
          setValues(EMPTY_ADD_ITEM);
          onOpenChange(false);
        },
      },
    );
  };

  const errorFor = (field: keyof AddItemValues) => (error?.field === field ? error.message : null);

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent width="560px" aria-describedby="add-item-description">
        <DialogTitle>Add New Item</DialogTitle>
        <DialogDescription id="add-item-description">Track a piece ordered for this project.</DialogDescription>
        <form onSubmit={submit} noValidate>
          <FormGrid>
            <FormRow>
              {FIELDS.map((f) => (
                <Field key={f.name} style={f.name === 'name' || f.name === 'productUrl' ? { gridColumn: '1 / -1' } : undefined}>
                  <Label htmlFor={`item-${f.name}`}>
                    {f.label} {f.optional ? <Optional>(optional)</Optional> : <span aria-hidden>*</span>}
                  </Label>
                  <Input
                    id={`item-${f.name}`}
                    name={f.name}
                    type={f.type}
                    step={f.step}
                    min={f.min}
                    maxLength={f.type === 'number' ? undefined : f.max}
                    inputMode={f.type === 'number' ? 'decimal' : undefined}
                    placeholder={f.placeholder}
                    value={values[f.name]}
                    onChange={(e) => set(f.name)(e.target.value)}
                    disabled={saving}
                    aria-invalid={errorFor(f.name) ? true : undefined}
                    aria-describedby={errorFor(f.name) ? `item-${f.name}-error` : undefined}
                  />
                  {errorFor(f.name) ? <FieldError id={`item-${f.name}-error`}>{errorFor(f.name)}</FieldError> : null}
                </Field>
              ))}
            </FormRow>
            <Field>
              <Label htmlFor="item-notes">
                Notes <Optional>(optional)</Optional>
              </Label>
              <Textarea id="item-notes" name="notes" value={values.notes} onChange={(e) => set('notes')(e.target.value)} maxLength={5000} disabled={saving} style={{ minHeight: 80 }} />
            </Field>
          </FormGrid>
          <FormDialogFooter onCancel={() => onOpenChange(false)} saving={saving} submitLabel="Add Item" savingLabel="Adding..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
