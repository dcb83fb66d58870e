import type { Project, TrackingMatch } from '@midway/contracts';
import { Field, FieldError, FormRow, Input, Label, Optional, Textarea } from '@midway/ui';
import { Select } from '@midway/ui/select';
import { useEffect, useState } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import styled from 'styled-components';
import { useTrackingMatches } from '../api/items-queries';
import type { Carrier } from '../api/items-api';
import { ITEM_STATUS_OPTIONS } from '@midway/ui/status';
import type { ItemFormValues } from './item-form';
import { PhotoField } from '../photos/photo-field';

type TextField = 'name' | 'supplier' | 'quantity' | 'pieces' | 'price' | 'scheduleNumber' | 'trackingNumber' | 'productUrl';
const FIELDS: { name: TextField; label: string; type: string; optional: boolean; step?: string; min?: string; max?: number; placeholder?: string; wide?: boolean }[] = [
  { name: 'name', label: 'Item name', type: 'text', optional: false, max: 255, placeholder: 'e.g. Boucle lounge chair', wide: true },
  { name: 'supplier', label: 'Supplier', type: 'text', optional: true, max: 255 },
  { name: 'quantity', label: 'Quantity', type: 'number', optional: true, step: '1', min: '1' },
  { name: 'pieces', label: 'Expected pieces', type: 'number', optional: true, step: '1', min: '1' },
  { name: 'price', label: 'Price (USD)', type: 'number', optional: true, step: '0.01', min: '0' },
  { name: 'scheduleNumber', label: 'Schedule #', type: 'text', optional: true, max: 100 },
  { name: 'trackingNumber', label: 'Tracking number', type: 'text', optional: true, max: 100 },
  { name: 'productUrl', label: 'Product URL', type: 'url', optional: true, max: 2048, placeholder: 'https://', wide: true },
];

const StatusLocked = styled.p`
  margin-top: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const NO_CARRIER = 'none';
const TRACKING_WARNING_ID = 'item-trackingNumber-matches';
/** How long the tracking number must rest before the other items with it are looked up. */
const TRACKING_LOOKUP_DELAY_MS = 400;

const Warning = styled.p`
  margin-top: 6px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.badge.yellow.bg};
  color: ${({ theme }) => theme.badge.yellow.fg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  a { color: inherit; font-weight: 600; text-decoration: underline; }
`;

/** `value` once it has stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A tracking number already on other items the designer can see: a warning naming them, with links (opening in a
 * new tab, so the form is kept). Not an error: one shipment may hold several items.
 */
function TrackingMatches({ matches }: { matches: readonly TrackingMatch[] }) {
  return (
    <Warning id={TRACKING_WARNING_ID} role="status">
      This tracking number is already on{' '}
      {matches.map((m, i) => (
        <span key={m.id}>
          {i > 0 ? (i === matches.length - 1 ? ' and ' : ', ') : null}
          <a href={m.url} target="_blank" rel="noopener noreferrer" title="Opens in a new tab">
            {m.name}
          </a>{' '}
          ({m.projectName})
        </span>
      ))}
      . A shipment may hold several items, so you can still save.
    </Warning>
  );
}

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
  /** Why the status cannot be changed here (the warehouse holds the item): the select is disabled and says so. */
  statusLocked?: string;
}

/** The fields of Create New Item and Edit Item, bound to react-hook-form. */
export function ItemFormFields({ register, control, errors, disabled, carriers, projects, itemId, statusLocked }: ItemFormFieldsProps) {
  const error = (name: keyof ItemFormValues) => errors[name]?.message;
  const described = (name: keyof ItemFormValues) => (error(name) ? { 'aria-invalid': true as const, 'aria-describedby': `item-${name}-error` } : {});
  const typedTracking = useWatch({ control, name: 'trackingNumber' }) ?? '';
  const found = useTrackingMatches(useSettled(typedTracking, TRACKING_LOOKUP_DELAY_MS), itemId).data;
  const trackingMatches = typedTracking.trim() && found?.length ? found : null;
  // The tracking number's input is also described by the warning about other items with it, while it shows.
  const trackingDescribed = () => {
    const base = described('trackingNumber');
    const ids = [base['aria-describedby'], trackingMatches ? TRACKING_WARNING_ID : undefined].filter(Boolean);
    return { ...base, ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}) };
  };
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
            {...(f.name === 'trackingNumber' ? trackingDescribed() : described(f.name))}
            {...register(f.name)}
          />
          {errorLine(f.name)}
          {f.name === 'trackingNumber' && trackingMatches ? <TrackingMatches matches={trackingMatches} /> : null}
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
          render={({ field }) => (
            <Select id="item-status" aria-label="Status" value={field.value} onValueChange={field.onChange} disabled={disabled || !!statusLocked} options={ITEM_STATUS_OPTIONS} aria-describedby={statusLocked ? 'item-status-locked' : undefined} />
          )}
        />
        {statusLocked ? <StatusLocked id="item-status-locked">{statusLocked}</StatusLocked> : null}
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
