import type { CustodyView } from '@midway/contracts';
import { eventLine, whereLine } from '@midway/contracts/custody-words';
import { Badge, Button, ButtonLink, Code } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { FileText, LogOut } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { custodyApi } from '../api/custody-api';
import { useCustodyItem, useCustodyTimeline } from '../api/custody-queries';
import { formatDateTime } from '../shared/format';
import { ReleaseDialog } from './release-dialog';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(96px, auto) minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;

export const TimelineList = styled.ol`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: grid; gap: 2px; border-left: 2px solid ${({ theme }) => theme.colors.border}; padding-left: 10px; overflow-wrap: anywhere; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Where = styled.p`
  margin: 8px 0 12px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 650;
`;

/** An item's custody for staff: where it is, its pieces, its label, its whole timeline (staff notes too), and release. */
export function ItemCustodyDialog({ itemId, onClose }: { itemId: string; onClose(): void }) {
  const { data: view } = useCustodyItem(itemId);
  const { data: timeline } = useCustodyTimeline(itemId);
  const [releasing, setReleasing] = useState<CustodyView | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="620px" aria-describedby="item-custody-description">
        <DialogTitle>{view?.itemName ?? 'Item'}</DialogTitle>
        <DialogDescription id="item-custody-description">{view ? `${view.projectName} · ${view.clientName} · ${view.designerName}` : 'Loading…'}</DialogDescription>
        {view ? (
          <>
            <Where data-testid="custody-where">{whereLine(view)}</Where>
            <Facts>
              <dt>Pieces</dt>
              <dd>
                {view.piecesReceived} of {view.piecesExpected} received {view.piecesFlag ? <Badge $tone="yellow">{view.piecesFlag}</Badge> : null}
              </dd>
              <dt>Since</dt>
              <dd>{formatDateTime(view.since)}</dd>
              {view.endedAt ? (
                <>
                  <dt>Left</dt>
                  <dd>{formatDateTime(view.endedAt)}</dd>
                </>
              ) : null}
              <dt>Tracking #</dt>
              <dd>{view.trackingNumber ? <Code>{view.trackingNumber}</Code> : '—'}</dd>
            </Facts>
          </>
        ) : null}
        <section aria-labelledby="custody-timeline-title" style={{ marginTop: 16 }}>
          <h3 id="custody-timeline-title" style={{ fontSize: '1rem', fontWeight: 650 }}>
            Custody timeline
          </h3>
          {timeline && timeline.length === 0 ? <p>Nothing recorded yet.</p> : null}
          <TimelineList aria-label="Custody timeline">
            {timeline?.map((e) => (
              <li key={e.id}>
                <span>{eventLine(e)}</span>
                <small>
                  {formatDateTime(e.at)} · {e.byName}
                </small>
                {e.staffNote ? <small>Staff note: {e.staffNote}</small> : null}
              </li>
            ))}
          </TimelineList>
        </section>
        <DialogFooter style={{ flexWrap: 'wrap' }}>
          <ButtonLink $variant="outline" href={custodyApi.itemLabelUrl(itemId)} target="_blank" rel="noopener">
            <FileText aria-hidden />
            Label (PDF)
          </ButtonLink>
          {view?.inCustody ? (
            <Button $variant="destructive" onClick={() => setReleasing(view)}>
              <LogOut aria-hidden />
              Release…
            </Button>
          ) : null}
        </DialogFooter>
        {releasing ? <ReleaseDialog item={releasing} onClose={() => setReleasing(null)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
