import { releaseBodySchema, RELEASE_REASON_LABELS, RELEASE_REASONS, type CustodyView, type ReleaseReason } from '@midway/contracts';
import { Field, FieldError, Input, Label, NativeSelect, Optional, toast } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState, type FormEvent } from 'react';
import { useRelease } from '../api/custody-queries';
import { SignaturePad } from '../deliveries/signature-pad';

const REASON_OPTIONS = RELEASE_REASONS.map((r) => ({ value: r, label: RELEASE_REASON_LABELS[r] }));

/** Custody ends other than by a delivery: returned to the vendor or picked up, with who took it (and their signature). */
export function ReleaseDialog({ item, onClose }: { item: CustodyView; onClose(): void }) {
  const release = useRelease();
  const [reason, setReason] = useState<ReleaseReason>('picked-up');
  const [receivedBy, setReceivedBy] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = releaseBodySchema.safeParse({ reason, receivedBy, ...(signature ? { signature } : {}) });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    release.mutate(
      { itemId: item.itemId, body: parsed.data },
      {
        onSuccess: () => {
          toast({ title: `Released: ${item.itemName}`, description: `${RELEASE_REASON_LABELS[reason]}, taken by ${parsed.data.receivedBy}. Storage stops today.`, variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !release.isPending && onClose()}>
      <DialogContent width="520px" aria-describedby="release-description">
        <form onSubmit={submit} noValidate>
          <DialogTitle>Release {item.itemName}</DialogTitle>
          <DialogDescription id="release-description">It leaves the warehouse's custody now and its storage stops. This cannot be undone.</DialogDescription>
          <div style={{ display: 'grid', gap: 12 }}>
            <Field>
              <Label htmlFor="release-reason">Why it leaves</Label>
              <NativeSelect id="release-reason" value={reason} onValueChange={(v) => setReason(v as ReleaseReason)} options={REASON_OPTIONS} />
            </Field>
            <Field>
              <Label htmlFor="release-received-by">Taken by</Label>
              <Input id="release-received-by" value={receivedBy} onChange={(e) => setReceivedBy(e.target.value)} placeholder="e.g. the vendor's driver, J. Ellis" maxLength={200} aria-invalid={error ? true : undefined} aria-describedby={error ? 'release-error' : undefined} />
            </Field>
            <div>
              <SignaturePad onChange={setSignature} />
              <Optional>(signature optional)</Optional>
            </div>
            {error ? (
              <FieldError id="release-error" role="alert">
                {error}
              </FieldError>
            ) : null}
          </div>
          <FormDialogFooter onCancel={onClose} saving={release.isPending} submitLabel="Release" savingLabel="Releasing…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
