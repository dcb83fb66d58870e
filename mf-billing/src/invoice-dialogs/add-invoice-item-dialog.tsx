import type { InvoiceItem, InvoiceItemType } from '@midway/contracts';
import { fromCents, isMoney, toCents } from '@midway/contracts/money';
import { Field, FieldError, FormAlert, FormGrid, FormRow, formatMoney, Input, Label, serverMessage } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { Select } from '@midway/ui/select';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useAddInvoiceItem, useUpdateInvoiceItem } from '../api/billing-queries';

/** The dialog's types; the automatic lines have types of their own. */
export const ADD_ITEM_TYPES = ['storage', 'handling', 'delivery', 'receiving', 'inspection'] as const satisfies readonly InvoiceItemType[];
const TYPE_OPTIONS = ADD_ITEM_TYPES.map((t) => ({ value: t, label: t.charAt(0).toUpperCase() + t.slice(1) }));

interface Values {
  description: string;
  type: (typeof ADD_ITEM_TYPES)[number];
  quantity: string;
  rate: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Description and type required; quantity a whole number ≥ 1; rate ≥ 0 with at most 2 decimals. */
export function validateItem(v: Values): Errors {
  const errors: Errors = {};
  if (!v.description.trim()) errors.description = 'Description is required';
  if (!/^\d+$/.test(v.quantity.trim()) || Number(v.quantity) < 1) errors.quantity = 'Quantity must be a whole number of at least 1';
  if (!isRate(v.rate)) errors.rate = 'Rate must be an amount of at least 0, such as 12.50';
  return errors;
}

/** A rate is an amount of at least 0 with at most 2 decimals. */
const isRate = (rate: string) => isMoney(rate) && toCents(rate) >= 0n;

/** amount = rate × quantity, in cents (no float), as the decimal string the server checks; null until both are valid. */
export function lineAmount(rate: string, quantity: string): string | null {
  const qty = Number(quantity);
  return isRate(rate) && Number.isInteger(qty) && qty >= 1 ? fromCents(toCents(rate) * BigInt(qty)) : null;
}

const Amount = styled.p`
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

export interface AddInvoiceItemDialogProps {
  invoiceId: string;
  invoiceNumber: string;
  /** A draft's line to correct; without it the dialog adds a new one. */
  line?: InvoiceItem;
  onClose(): void;
}

const isAddType = (type: string): type is Values['type'] => (ADD_ITEM_TYPES as readonly string[]).includes(type);

/** Add Invoice Item (admin), or Edit Invoice Item for a draft's line. Defaults: quantity 1, rate 0, type storage. */
export default function AddInvoiceItemDialog({ invoiceId, invoiceNumber, line, onClose }: AddInvoiceItemDialogProps) {
  const add = useAddInvoiceItem(invoiceId);
  const update = useUpdateInvoiceItem(invoiceId);
  const [values, setValues] = useState<Values>(
    line ? { description: line.description, type: isAddType(line.type) ? line.type : 'storage', quantity: String(line.quantity), rate: line.rate } : { description: '', type: 'storage', quantity: '1', rate: '0' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const saving = add.isPending || update.isPending;
  const amount = lineAmount(values.rate, values.quantity);
  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateItem(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || amount === null) return;
    const body = { description: values.description.trim(), type: values.type, quantity: Number(values.quantity), rate: fromCents(toCents(values.rate)) };
    if (line) update.mutate({ ...body, lineId: line.id }, { onSuccess: onClose, onError: (error) => setFailure(serverMessage(error) ?? 'Failed to save the line. Please try again.') });
    else add.mutate({ ...body, amount }, { onSuccess: onClose, onError: (error) => setFailure(serverMessage(error) ?? 'Failed to add invoice item. Please try again.') });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent width="520px" aria-describedby="add-invoice-item-description">
        <DialogTitle>{line ? 'Edit Invoice Item' : 'Add Invoice Item'}</DialogTitle>
        <DialogDescription id="add-invoice-item-description">A line on invoice {invoiceNumber}; its amount is rate × quantity.</DialogDescription>
        <form onSubmit={submit} noValidate>
          <FormGrid>
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <Field>
              <Label htmlFor="line-description">Description</Label>
              <Input id="line-description" value={values.description} onChange={(e) => set('description')(e.target.value)} aria-invalid={Boolean(errors.description)} disabled={saving} maxLength={500} />
              {errors.description ? <FieldError>{errors.description}</FieldError> : null}
            </Field>
            <Field>
              <Label htmlFor="line-type">Type</Label>
              <Select id="line-type" aria-label="Type" value={values.type} onValueChange={set('type')} options={TYPE_OPTIONS} disabled={saving} />
            </Field>
            <FormRow>
              <Field>
                <Label htmlFor="line-quantity">Quantity</Label>
                <Input id="line-quantity" type="number" min={1} step={1} inputMode="numeric" value={values.quantity} onChange={(e) => set('quantity')(e.target.value)} aria-invalid={Boolean(errors.quantity)} disabled={saving} />
                {errors.quantity ? <FieldError>{errors.quantity}</FieldError> : null}
              </Field>
              <Field>
                <Label htmlFor="line-rate">Rate ($)</Label>
                <Input id="line-rate" type="number" min={0} step={0.01} inputMode="decimal" value={values.rate} onChange={(e) => set('rate')(e.target.value)} aria-invalid={Boolean(errors.rate)} disabled={saving} />
                {errors.rate ? <FieldError>{errors.rate}</FieldError> : null}
              </Field>
            </FormRow>
            <Amount aria-live="polite">Amount: {amount === null ? '—' : formatMoney(amount)}</Amount>
          </FormGrid>
          <FormDialogFooter onCancel={onClose} saving={saving} submitLabel={line ? 'Save Line' : 'Add Item'} savingLabel={line ? 'Saving...' : 'Adding...'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
