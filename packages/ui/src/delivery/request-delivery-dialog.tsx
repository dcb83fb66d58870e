import type { CreateDeliveryBody, DeliveryWindow, Item, Project } from '@midway/contracts';
import { BILLING_DEFAULT_RATES, DELIVERY_WINDOW_LABELS, DELIVERY_WINDOWS, ITEM_STATUS_LABELS, SERVICE_TYPE_LABELS } from '@midway/contracts/vocab';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FieldError, Input, Label, Textarea } from '../primitives/input';
import { Optional } from '../primitives/form-layout';
import { NativeSelect } from '../primitives/native-select';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '../primitives/dialog';
import { isDeliverable } from '../status/item-status';
import { sumMoney } from '@midway/contracts/money';
import { formatMoney } from '../number-format';
import { dayProblem, firstBookableDay, lastBookableDay } from './delivery-days';

export { dayProblem, firstBookableDay } from './delivery-days';

const Fields = styled.div`
  display: grid;
  gap: 16px;
`;

const Hint = styled.p`
  margin: 4px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Fees = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  margin: 0;
  padding: 12px;
  display: grid;
  gap: 8px;
  min-width: 0;
  legend { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; padding: 0 4px; }
  label { display: flex; align-items: flex-start; gap: 8px; min-height: 32px; font-size: ${({ theme }) => theme.fontSizes.sm}; overflow-wrap: anywhere; }
  input[type='checkbox'] { width: 18px; height: 18px; margin-top: 1px; flex-shrink: 0; }
  ul { list-style: none; margin: 0 0 0 26px; padding: 0; display: grid; gap: 4px; }
`;

/** The fees the dialog offers, as the Services page prices each item's services. */
export const DELIVERY_FEE = BILLING_DEFAULT_RATES.delivery.rate;
export const INSTALL_FEE = BILLING_DEFAULT_RATES.install_assembly.rate;

/** What the chosen fees come to: one delivery fee (per project and day) and installation per item chosen. */
export function chosenFeesTotal(delivery: boolean, installCount: number): string {
  return sumMoney([...(delivery ? [DELIVERY_FEE] : []), ...Array<string>(installCount).fill(INSTALL_FEE)]);
}

/** Why the chosen items cannot be booked together, or null: one project's items, received or stored. */
export function selectionProblem(items: readonly Item[]): string | null {
  if (items.length === 0) return 'Choose the items to deliver.';
  if (new Set(items.map((i) => i.projectId)).size > 1) return 'A delivery carries one project’s items: choose items of one project.';
  const held = items.filter((i) => !isDeliverable(i));
  if (held.length) return `Only items at the warehouse (received or stored) can be delivered: ${held.map((i) => `${i.name} (${ITEM_STATUS_LABELS[i.status].toLowerCase()})`).join(', ')}.`;
  return null;
}

export interface RequestDeliveryDialogProps {
  items: Item[];
  /** The items' project: its name for the title, its location as the address unless changed. */
  project: Pick<Project, 'name' | 'location'> | undefined;
  /**
   * Books the delivery (the remote's own API call, which tells the user how it went); the dialog closes when it
   * resolves and stays open, as filled in, when it rejects.
   */
  onSubmit(projectId: string, body: CreateDeliveryBody): Promise<unknown>;
  onClose(): void;
  onRequested?(): void;
}

/**
 * Request delivery of the chosen items (one project's, received or stored): a business day ahead (the picker starts
 * at the next one and refuses weekends), a window, the address (the project's location unless changed) and notes.
 * The Items page and the project page both book through it.
 */
export function RequestDeliveryDialog({ items, project, onSubmit, onClose, onRequested }: RequestDeliveryDialogProps) {
  const [date, setDate] = useState(firstBookableDay);
  const [window, setWindow] = useState<DeliveryWindow>('any');
  const [address, setAddress] = useState(project?.location ?? '');
  const [notes, setNotes] = useState('');
  // A fee is charged only for a service the designer chose here: delivery is offered ticked (it is what the
  // dialog books) and can be unticked; installation is chosen item by item.
  const [lastMileDelivery, setLastMileDelivery] = useState(true);
  const [install, setInstall] = useState<Set<string>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const blocked = selectionProblem(items);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const bad = blocked ?? dayProblem(date) ?? (address.trim() ? null : 'Enter the delivery address.');
    if (bad) return setProblem(bad);
    setProblem(null);
    setSaving(true);
    const body: CreateDeliveryBody = {
      date,
      window,
      address: address.trim(),
      itemIds: items.map((i) => i.id),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      lastMileDelivery,
      installAssemblyItemIds: items.filter((i) => install.has(i.id)).map((i) => i.id),
    };
    const booked = await onSubmit(items[0]!.projectId, body).then(
      () => true,
      () => false,
    );
    setSaving(false);
    if (booked) {
      onRequested?.();
      onClose();
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent width="520px" aria-describedby="request-delivery-description">
        <DialogTitle>Request delivery</DialogTitle>
        <DialogDescription id="request-delivery-description">
          {items.length} {items.length === 1 ? 'item' : 'items'}
          {project ? ` of ${project.name}` : ''}: {items.map((i) => i.name).join(', ')}
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Fields>
            <div>
              <Label htmlFor="delivery-date">Date</Label>
              <Input id="delivery-date" type="date" min={firstBookableDay()} max={lastBookableDay()} value={date} onChange={(e) => setDate(e.target.value)} disabled={saving} />
              <Hint>Monday to Friday, at least one business day ahead.</Hint>
            </div>
            <div>
              <Label htmlFor="delivery-window">Window</Label>
              <NativeSelect id="delivery-window" value={window} onValueChange={(v) => setWindow(v as DeliveryWindow)} options={DELIVERY_WINDOWS.map((w) => ({ value: w, label: DELIVERY_WINDOW_LABELS[w] }))} disabled={saving} />
            </div>
            <div>
              <Label htmlFor="delivery-address">Address</Label>
              <Input id="delivery-address" value={address} onChange={(e) => setAddress(e.target.value)} disabled={saving} placeholder="The job site’s address" />
            </div>
            <div>
              <Label htmlFor="delivery-notes">
                Notes <Optional>(optional)</Optional>
              </Label>
              <Textarea id="delivery-notes" value={notes} onChange={(e) => setNotes(e.target.value)} disabled={saving} placeholder="Gate code, service lift, who will be there…" />
            </div>
            <Fees disabled={saving}>
              <legend>Fees you choose</legend>
              <label>
                <input type="checkbox" checked={lastMileDelivery} onChange={(e) => setLastMileDelivery(e.target.checked)} />
                <span>
                  {SERVICE_TYPE_LABELS.delivery} — {formatMoney(DELIVERY_FEE)} per delivery day (one fee for this project’s items delivered that day)
                </span>
              </label>
              <div>
                <Hint as="span">
                  {SERVICE_TYPE_LABELS.install_assembly} — {formatMoney(INSTALL_FEE)} per item, for:
                </Hint>
                <ul aria-label={`${SERVICE_TYPE_LABELS.install_assembly} per item`}>
                  {items.map((i) => (
                    <li key={i.id}>
                      <label>
                        <input
                          type="checkbox"
                          checked={install.has(i.id)}
                          onChange={(e) =>
                            setInstall((prev) => {
                              const next = new Set(prev);
                              if (e.target.checked) next.add(i.id);
                              else next.delete(i.id);
                              return next;
                            })
                          }
                          aria-label={`Install and assemble ${i.name}`}
                        />
                        <span>{i.name}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </div>
              <Hint data-testid="chosen-fees">
                Fees chosen: {formatMoney(chosenFeesTotal(lastMileDelivery, items.filter((i) => install.has(i.id)).length))}. They show on the Services page and are billed once delivered.
              </Hint>
            </Fees>
            {problem ?? blocked ? <FieldError role="alert">{problem ?? blocked}</FieldError> : null}
          </Fields>
          <FormDialogFooter onCancel={onClose} saving={saving} submitLabel="Request delivery" savingLabel="Requesting…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

export { DeliveryProof } from './delivery-proof';
