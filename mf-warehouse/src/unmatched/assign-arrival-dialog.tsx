import type { Arrival, AssignableItem } from '@midway/contracts';
import { ITEM_STATUS_LABELS } from '@midway/contracts/vocab';
import { Badge, Button, Code, Input, Label, Skeleton, statusTone } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useAssignableItems, useAssignArrival } from '../api/receiving-queries';

const Results = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
  max-height: 50vh;
  overflow-y: auto;
`;

const Result = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 10px;
  align-items: center;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
  p:first-child { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
`;

const Hint = styled.p`
  margin-top: 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The search waits for a pause in typing before it asks. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * Assign an unmatched arrival to the item it is: only items not received yet are offered (an item that arrived has
 * its parcel), found by item name, project, designer or tracking number, across every designer.
 */
export function AssignArrivalDialog({ arrival, onClose }: { arrival: Arrival; onClose(): void }) {
  const [q, setQ] = useState('');
  const term = useDebounced(q);
  const search = useAssignableItems(term);
  const assign = useAssignArrival();
  const choose = (item: AssignableItem) => assign.mutate({ arrival, itemId: item.itemId }, { onSuccess: onClose });
  return (
    <Dialog open onOpenChange={(next) => !next && !assign.isPending && onClose()}>
      <DialogContent width="560px" aria-describedby="assign-description">
        <DialogTitle>Assign arrival</DialogTitle>
        <DialogDescription id="assign-description">
          <Code>{arrival.trackingNumber || arrival.code}</Code> — find the item this parcel is.
        </DialogDescription>
        <Label htmlFor="assign-search">Search items</Label>
        <Input id="assign-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Item, project, designer or tracking number…" autoFocus maxLength={200} />
        {term.trim().length < 2 ? (
          <Hint>Type at least 2 characters.</Hint>
        ) : search.isLoading ? (
          <Skeleton $height="80px" style={{ marginTop: 12 }} aria-label="Searching" />
        ) : search.isError ? (
          <Hint role="alert">The search failed. Check the connection and type again.</Hint>
        ) : !search.data?.length ? (
          <Hint>No item waiting to arrive matches “{term.trim()}”. Try the project, the designer or part of the tracking number.</Hint>
        ) : (
          <Results aria-label="Items found">
            {search.data.map((item) => (
              <Result key={item.itemId}>
                <div>
                  <p>{item.itemName}</p>
                  <p>
                    {item.projectName} · {item.designerName}
                  </p>
                  <p>
                    <Badge $tone={statusTone(item.status)}>{ITEM_STATUS_LABELS[item.status]}</Badge> {item.trackingNumber ? <Code>{item.trackingNumber}</Code> : null}
                  </p>
                </div>
                <Button onClick={() => choose(item)} disabled={assign.isPending} aria-label={`Assign to ${item.itemName}`}>
                  {assign.isPending && assign.variables?.itemId === item.itemId ? <Loader2 aria-hidden /> : null}
                  Assign
                </Button>
              </Result>
            ))}
          </Results>
        )}
      </DialogContent>
    </Dialog>
  );
}
