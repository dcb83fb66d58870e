import { DELIVERY_STATUS_LABELS, DELIVERY_WINDOW_LABELS } from '@midway/contracts/vocab';
import { Badge, Button } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import styled from 'styled-components';
import { formatDay, useCancelDelivery, useDeliveries } from '../api/deliveries-queries';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  max-height: 60vh;
  overflow: auto;
  li { display: grid; gap: 4px; padding: 10px 12px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  div { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; }
`;

/** The deliveries of the designer's projects, by date, with their status; cancel while requested or scheduled. */
export default function DeliveriesDialog({ onClose }: { onClose(): void }) {
  const { data, isLoading, isError } = useDeliveries();
  const cancel = useCancelDelivery();
  const shown = (data ?? []).filter((d) => d.status !== 'cancelled');
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent width="600px" aria-describedby="deliveries-description">
        <DialogTitle>Deliveries</DialogTitle>
        <DialogDescription id="deliveries-description">Your projects’ deliveries to the job site, upcoming and past.</DialogDescription>
        {isLoading ? <p>Loading…</p> : null}
        {isError ? <p>Deliveries could not be loaded. Check your connection and try again.</p> : null}
        {!isLoading && !isError && shown.length === 0 ? <p>No deliveries yet: choose received or stored items in the list and request one.</p> : null}
        <List aria-label="Deliveries">
          {shown.map((d) => (
            <li key={d.id} data-testid="delivery-row">
              <div>
                <strong>
                  {formatDay(d.date)} · {DELIVERY_WINDOW_LABELS[d.window]}
                </strong>
                <Badge>{DELIVERY_STATUS_LABELS[d.status]}</Badge>
              </div>
              <span>
                {d.projectName} — {d.address}
              </span>
              <small>{d.items.map((i) => (i.exception ? `${i.name} (not delivered: ${i.exception})` : i.name)).join(', ')}</small>
              {d.status === 'requested' || d.status === 'scheduled' ? (
                <div>
                  <span />
                  {/* The name begins with the visible words (WCAG's label in name), so speech input finds it by them. */}
                  <Button $variant="outline" $size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(d.id)} aria-label={`Cancel delivery of ${formatDay(d.date)}`}>
                    Cancel delivery
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
