import type { Delivery } from '@midway/contracts';
import { FieldError, Input, Label, Textarea } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { usePickList } from '../api/custody-queries';
import { useCompleteDelivery } from '../api/delivery-queries';
import { PhotoCapture } from '../inspections/photo-capture';
import { SignaturePad } from './signature-pad';

const Fields = styled.div`
  display: grid;
  gap: 18px;
  min-width: 0;
`;

const Items = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  min-width: 0;
  legend { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; margin-bottom: 6px; }
  label { display: flex; align-items: center; gap: 8px; min-height: 44px; font-size: ${({ theme }) => theme.fontSizes.sm}; overflow-wrap: anywhere; }
  input[type='checkbox'] { width: 20px; height: 20px; flex-shrink: 0; }
`;

const Early = styled.div`
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  p { margin: 0 0 8px; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

/** "Tue, Jun 9" for a calendar date. */
const day = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

type Problems = Partial<Record<'receivedBy' | 'earlyReason' | `item:${string}`, string>>;

/**
 * The proof of delivery at the door, on a 390 px phone: who received it, photos from the camera, their signature,
 * and the items as delivered — unticking one records it as not delivered, with why (it stays in the warehouse's
 * hands; the rest become delivered). Before its booked date staff say why it came early, and its date moves to
 * today. Each problem shows by its field.
 */
export default function CompletionDialog({ delivery, today, onClose }: { delivery: Delivery; today: string; onClose(): void }) {
  const complete = useCompleteDelivery();
  const [receivedBy, setReceivedBy] = useState('');
  const [photoUrls, setPhotoUrls] = useState<string[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [notDelivered, setNotDelivered] = useState<Record<string, string>>({});
  const [earlyReason, setEarlyReason] = useState('');
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const saving = complete.isPending;
  const early = delivery.date > today;
  // Items left behind at the load check never left the warehouse: logistics records them as not delivered, with why.
  const { data: pick } = usePickList(delivery.runId);
  const leftBehind = new Map((pick?.items ?? []).filter((e) => e.deliveryId === delivery.id && e.leftBehindReason).map((e) => [e.itemId, e.leftBehindReason!]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const exceptions = Object.entries(notDelivered)
      .filter(([itemId]) => !leftBehind.has(itemId))
      .map(([itemId, note]) => ({ itemId, note: note.trim() }));
    const found: Problems = {};
    if (!receivedBy.trim()) found.receivedBy = 'Enter the name of the person who received the delivery.';
    for (const x of exceptions) if (!x.note) found[`item:${x.itemId}`] = 'Say why this item was not delivered.';
    if (early && !earlyReason.trim()) found.earlyReason = `Say why it is delivered before ${day(delivery.date)}.`;
    setProblems(found);
    if (Object.keys(found).length) return;
    const body = { receivedBy: receivedBy.trim(), photoUrls, ...(signature ? { signature } : {}), exceptions, ...(early ? { earlyReason: earlyReason.trim() } : {}) };
    complete.mutate({ id: delivery.id, body }, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent width="560px" aria-describedby="completion-description">
        <DialogTitle>Complete delivery</DialogTitle>
        <DialogDescription id="completion-description">
          {delivery.projectName} — {delivery.address}
        </DialogDescription>
        <form onSubmit={submit} noValidate>
          <Fields>
            {early ? (
              <Early>
                <p>
                  This delivery is booked for <strong>{day(delivery.date)}</strong>. Completing it today moves its date to today.
                </p>
                <Label htmlFor="early-reason">Why is it delivered early?</Label>
                <Textarea
                  id="early-reason"
                  value={earlyReason}
                  onChange={(e) => setEarlyReason(e.target.value)}
                  disabled={saving}
                  aria-invalid={!!problems.earlyReason}
                  aria-describedby={problems.earlyReason ? 'early-reason-error' : undefined}
                  placeholder="e.g. The client asked for it today"
                />
                {problems.earlyReason ? <FieldError id="early-reason-error">{problems.earlyReason}</FieldError> : null}
              </Early>
            ) : null}
            <div>
              <Label htmlFor="received-by">Received by</Label>
              <Input
                id="received-by"
                value={receivedBy}
                onChange={(e) => setReceivedBy(e.target.value)}
                disabled={saving}
                autoComplete="off"
                placeholder="The receiver’s name"
                aria-invalid={!!problems.receivedBy}
                aria-describedby={problems.receivedBy ? 'received-by-error' : undefined}
              />
              {problems.receivedBy ? <FieldError id="received-by-error">{problems.receivedBy}</FieldError> : null}
            </div>
            <PhotoCapture value={photoUrls} onChange={setPhotoUrls} onBusyChange={setUploading} />
            <SignaturePad onChange={setSignature} />
            <Items>
              <legend>Delivered items (untick an item that was not delivered)</legend>
              {delivery.items.map((item) => {
                const out = item.itemId in notDelivered;
                const problem = problems[`item:${item.itemId}`];
                const errorId = `not-delivered-${item.itemId}-error`;
                const stayed = leftBehind.get(item.itemId);
                if (stayed !== undefined)
                  return (
                    <p key={item.itemId} data-testid="left-behind" style={{ margin: 0, fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
                      {item.name} — not on the truck (left behind: {stayed})
                    </p>
                  );
                return (
                  <div key={item.itemId}>
                    <label>
                      <input
                        type="checkbox"
                        checked={!out}
                        disabled={saving}
                        onChange={(e) =>
                          setNotDelivered((prev) => {
                            const next = { ...prev };
                            if (e.target.checked) delete next[item.itemId];
                            else next[item.itemId] = '';
                            return next;
                          })
                        }
                        aria-label={`${item.name}: delivered`}
                      />
                      {item.name}
                    </label>
                    {out ? (
                      <>
                        <Input
                          aria-label={`Why ${item.name} was not delivered`}
                          value={notDelivered[item.itemId]}
                          disabled={saving}
                          onChange={(e) => setNotDelivered((prev) => ({ ...prev, [item.itemId]: e.target.value }))}
                          placeholder="e.g. Leg cracked in the van"
                          aria-invalid={!!problem}
                          aria-describedby={problem ? errorId : undefined}
                        />
                        {problem ? <FieldError id={errorId}>{problem}</FieldError> : null}
                      </>
                    ) : null}
                  </div>
                );
              })}
            </Items>
          </Fields>
          <FormDialogFooter onCancel={onClose} saving={saving || uploading} submitLabel="Complete delivery" savingLabel={uploading ? 'Uploading…' : 'Saving…'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
