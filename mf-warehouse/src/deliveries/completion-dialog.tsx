import type { Delivery } from '@midway/contracts';
import { FieldError, Input, Label } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCompleteDelivery } from '../api/delivery-queries';
import { PhotoCapture } from '../inspections/photo-capture';
import { SignaturePad } from './signature-pad';

const Fields = styled.div`
  display: grid;
  gap: 18px;
`;

const Items = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  legend { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; margin-bottom: 6px; }
  label { display: flex; align-items: center; gap: 8px; min-height: 44px; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  input[type='checkbox'] { width: 20px; height: 20px; }
`;

/**
 * The proof of delivery at the door, on a 390 px phone: who received it, photos from the camera, their signature,
 * and the items not delivered with why (they stay in the warehouse's hands; the rest become delivered).
 */
export default function CompletionDialog({ delivery, onClose }: { delivery: Delivery; onClose(): void }) {
  const complete = useCompleteDelivery();
  const [receivedBy, setReceivedBy] = useState('');
  const [photoUrls, setPhotoUrls] = useState<string[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [excepted, setExcepted] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const saving = complete.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const exceptions = Object.entries(excepted).map(([itemId, note]) => ({ itemId, note: note.trim() }));
    if (!receivedBy.trim()) return setProblem('Enter the name of the person who received the delivery.');
    if (exceptions.some((x) => !x.note)) return setProblem('Say why each item marked “Not delivered” was not delivered.');
    setProblem(null);
    complete.mutate({ id: delivery.id, body: { receivedBy: receivedBy.trim(), photoUrls, ...(signature ? { signature } : {}), exceptions } }, { onSuccess: onClose });
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
            <div>
              <Label htmlFor="received-by">Received by</Label>
              <Input id="received-by" value={receivedBy} onChange={(e) => setReceivedBy(e.target.value)} disabled={saving} autoComplete="off" placeholder="The receiver’s name" />
            </div>
            <PhotoCapture value={photoUrls} onChange={setPhotoUrls} onBusyChange={setUploading} />
            <SignaturePad onChange={setSignature} />
            <Items>
              <legend>Items</legend>
              {delivery.items.map((item) => {
                const out = item.itemId in excepted;
                return (
                  <div key={item.itemId}>
                    <label>
                      <input
                        type="checkbox"
                        checked={out}
                        disabled={saving}
                        onChange={(e) =>
                          setExcepted((prev) => {
                            const next = { ...prev };
                            if (e.target.checked) next[item.itemId] = '';
                            else delete next[item.itemId];
                            return next;
                          })
                        }
                        aria-label={`${item.name}: not delivered`}
                      />
                      {item.name}: not delivered
                    </label>
                    {out ? (
                      <Input
                        aria-label={`Why ${item.name} was not delivered`}
                        value={excepted[item.itemId]}
                        disabled={saving}
                        onChange={(e) => setExcepted((prev) => ({ ...prev, [item.itemId]: e.target.value }))}
                        placeholder="e.g. Leg cracked in the van"
                      />
                    ) : null}
                  </div>
                );
              })}
            </Items>
            {problem ? <FieldError role="alert">{problem}</FieldError> : null}
          </Fields>
          <FormDialogFooter onCancel={onClose} saving={saving || uploading} submitLabel="Complete delivery" savingLabel={uploading ? 'Uploading…' : 'Saving…'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
