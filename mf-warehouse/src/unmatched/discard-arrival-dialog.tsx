import type { Arrival } from '@midway/contracts';
import { Code, FieldError, Label, Textarea } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, FormDialogFooter } from '@midway/ui/dialog';
import { useState, type FormEvent } from 'react';
import { useDiscardArrival } from '../api/receiving-queries';

/** Discard a mis-scan with why: it leaves the unmatched list and stays in the desk's history. */
export function DiscardArrivalDialog({ arrival, onClose }: { arrival: Arrival; onClose(): void }) {
  const discard = useDiscardArrival();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem('Say why this arrival is discarded, e.g. a mis-scan of a pallet label.');
    setProblem(null);
    discard.mutate({ arrival, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(next) => !next && !discard.isPending && onClose()}>
      <DialogContent width="480px" aria-describedby="discard-description">
        <DialogTitle>Discard arrival</DialogTitle>
        <DialogDescription id="discard-description">
          <Code>{arrival.trackingNumber || arrival.code}</Code> leaves the unmatched list; it is kept in the desk’s history with why.
        </DialogDescription>
        <form onSubmit={submit} noValidate>
          <Label htmlFor="discard-reason">Why discard it?</Label>
          <Textarea
            id="discard-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            disabled={discard.isPending}
            placeholder="e.g. Mis-scan of the pallet label"
            aria-invalid={!!problem}
            aria-describedby={problem ? 'discard-reason-error' : undefined}
          />
          {problem ? <FieldError id="discard-reason-error">{problem}</FieldError> : null}
          <FormDialogFooter onCancel={onClose} saving={discard.isPending} submitLabel="Discard arrival" savingLabel="Discarding…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
