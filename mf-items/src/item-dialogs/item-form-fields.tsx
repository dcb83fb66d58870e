import type { Project } from '@midway/contracts';
import { Field, FieldError, FormRow, Input, Label, Optional, Textarea } from '@midway/ui';
import { Select } from '@midway/ui/select';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Carrier } from '../api/items-api';
import { ITEM_STATUS_OPTIONS } from '@midway/ui/status';
import type { ItemFormValues } from './item-form';
import { PhotoField } from '../photos/photo-field';

type TextField = 'name' | 'supplier' | 'quantity' | 'price' | 'scheduleNumber' | 'trackingNumber' | 'productUrl';
const FIELDS: { name: TextField; label: string; type: string; optional: boolean; step?: string; min?: string; max?: number; placeholder?: string; wide?: boolean }[] = [
  { name: 'name', label: 'Item name', type: 'text', optional: false, max: 255, placeholder: 'e.g. Boucle lounge chair', wide: true },
  { name: 'supplier', label: 'Supplier', type: 'text', optional: true, max: 255 },
  { name: 'quantity', label: 'Quantity', type: 'number', optional: true, step: '1', min: '1' },
  { name: 'price', label: 'Price (USD)', type: 'number', optional: true, step: '0.01', min: '0' },
  { name: 'scheduleNumber', label: 'Schedule #', type: 'text', optional: true, max: 100 },
  { name: 'trackingNumber', label: 'Tracking number', type: 'text', optional: true, max: 100 },
  { name: 'productUrl', label: 'Product URL', type: 'url', optional: true, max: 2048, placeholder: 'https://', wide: true },
];

const NO_CARRIER = 'none';

export interface ItemFormFieldsProps {
  register: UseFormRegister<ItemFormValues>;
  control: Control<ItemFormValues>;
  errors: FieldErrors<ItemFormValues>;
  disabled: boolean;
  carriers: readonly Carrier[];
  /** Create New Item's project selector; locked shows the preselected project without a choice. */
  projects?: { list: readonly Project[]; locked: boolean };
  /** The item being edited: a picked photo is attached to it at once. */
  itemId?: string;
}

/** The fields of Create New Item and Edit Item, bound to react-hook-form. */
export function ItemFormFields({ register, control, errors, disabled, carriers, projects, itemId }: ItemFormFieldsProps) {
  const error = (name: keyof ItemFormValues) => errors[name]?.message;
  const described = (name: keyof ItemFormValues) => (error(name) ? { 'aria-invalid': true as const, 'aria-describedby': `item-${name}-error` } : {});
  const errorLine = (name: keyof ItemFormValues) => (error(name) ? <FieldError id={`item-${name}-error`}>{error(name)}</FieldError> : null);
  return (
    <FormRow>
      {projects ? (
        <Field style={{ gridColumn: '1 / -1' }}>
          <Label htmlFor="item-projectId">
            Project <span aria-hidden>*</span>
          </Label>
          <Controller
            control={control}
            name="projectId"
            render={({ field }) => (
              <Select
                id="item-projectId"
                aria-label="Project"
                value={field.value || undefined}
                onValueChange={field.onChange}
                disabled={disabled || projects.locked}
                placeholder="Select a project"
                options={projects.list.map((p) => ({ value: p.id, label: p.name }))}
              />
            )}
          />
          {errorLine('projectId')}
        </Field>
      ) : null}
      {FIELDS.map((f) => (
        <Field key={f.name} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Label htmlFor={`item-${f.name}`}>
            {f.label} {f.optional ? <Optional>(optional)</Optional> : <span aria-hidden>*</span>}
          </Label>
          <Input
            id={`item-${f.name}`}
            type={f.type}
            step={f.step}
            min={f.min}
            maxLength={f.max}
            inputMode={f.type === 'number' ? (f.name === 'price' ? 'decimal' : 'numeric') : undefined}
            placeholder={f.placeholder}
            disabled={disabled}
            {...described(f.name)}
            {...register(f.name)}
          />
          {errorLine(f.name)}
        </Field>
      ))}
      {carriers.length > 0 ? (
        <Field>
          <Label htmlFor="item-carrierId">
            Carrier <Optional>(optional)</Optional>
          </Label>
          <Controller
            control={control}
            name="carrierId"
            render={({ field }) => (
              <Select
                id="item-carrierId"
                aria-label="Carrier"
                value={field.value || NO_CARRIER}
                onValueChange={(v) => field.onChange(v === NO_CARRIER ? '' : v)}
                disabled={disabled}
                options={[{ value: NO_CARRIER, label: 'Detect from tracking number' }, ...carriers.map((c) => ({ value: c.id, label: c.name }))]}
              />
            )}
          />
        </Field>
      ) : null}
      <Field>
        <Label htmlFor="item-status">Status</Label>
        <Controller
          control={control}
          name="status"
          render={({ field }) => <Select id="item-status" aria-label="Status" value={field.value} onValueChange={field.onChange} disabled={disabled} options={ITEM_STATUS_OPTIONS} />}
        />
        {errorLine('status')}
      </Field>
      <Controller control={control} name="photoUrl" render={({ field }) => <PhotoField value={field.value} onChange={field.onChange} itemId={itemId} disabled={disabled} />} />
      {errorLine('photoUrl')}
      <Field style={{ gridColumn: '1 / -1' }}>
        <Label htmlFor="item-notes">
          Notes <Optional>(optional)</Optional>
        </Label>
        <Textarea id="item-notes" maxLength={5000} disabled={disabled} style={{ minHeight: 80 }} {...register('notes')} />
        {errorLine('notes')}
      </Field>
    </FormRow>
  );
}
