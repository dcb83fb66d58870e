import type { Item, ItemInspection, ItemStatus } from '@midway/contracts';
import { INSPECTION_CONDITION_LABELS, isDamageCondition } from '@midway/contracts/vocab';
import { Button, Code, formatMoney } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { Select } from '@midway/ui/select';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { custodyStatusMessage } from '@midway/contracts/item-lifecycle';
import { useItemCustody } from '../api/custody-queries';
import { useUpdateItemStatus } from '../api/items-queries';
import { ItemCustody } from './item-custody';
import { ItemThumb } from '../items/item-card';
import { MissingValue } from '../items/item-warnings';
import { TrackingButton } from '../items/tracking-button';
import { formatDate } from '../shared/format-date';
import { ITEM_STATUS_OPTIONS, ItemStatusBadge } from '@midway/ui/status';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, auto) minmax(0, 1fr);
  gap: 6px 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { display: flex; align-items: center; gap: 4px; min-width: 0; overflow-wrap: anywhere; }
`;

const Section = styled.section`
  margin-top: 20px;
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: 650; margin-bottom: 8px; }
`;

const Timeline = styled.ol`
  list-style: none;
  display: grid;
  gap: 8px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  & > li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; border-left: 2px solid ${({ theme }) => theme.colors.border}; padding-left: 10px; }
  & > li[data-damage='true'] { border-left-color: ${({ theme }) => theme.colors.danger}; }
  & > li > span:nth-child(2) { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const InspectionDetail = styled.div`
  flex-basis: 100%;
  display: grid;
  gap: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  p { white-space: pre-line; overflow-wrap: anywhere; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 12px; }
`;

const StatusRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  & > :first-child { flex: 1 1 180px; }
`;

const Locked = styled.p`
  margin-top: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface TimelineEntry {
  label: string;
  at: string;
  /** The warehouse's inspection, on its entry: its notes and photos. */
  inspection?: ItemInspection;
}

/** 'Inspected: good', 'Inspected: missing parts': what the warehouse found, as catalog's activity says it. */
export const inspectedLabel = (inspection: ItemInspection) => `Inspected: ${INSPECTION_CONDITION_LABELS[inspection.condition].toLowerCase()}`;

/** Created; Received if receivedAt; Inspected once the warehouse inspected it; Delivered if deliveredAt; Last Updated if it differs from Created. */
export function timelineOf(item: Pick<Item, 'createdAt' | 'receivedAt' | 'deliveredAt' | 'updatedAt'> & { inspection?: Item['inspection'] }): TimelineEntry[] {
  const out: TimelineEntry[] = [{ label: 'Created', at: item.createdAt }];
  if (item.receivedAt) out.push({ label: 'Received', at: item.receivedAt });
  if (item.inspection) out.push({ label: inspectedLabel(item.inspection), at: item.inspection.inspectedAt, inspection: item.inspection });
  if (item.deliveredAt) out.push({ label: 'Delivered', at: item.deliveredAt });
  if (item.updatedAt && item.updatedAt !== item.createdAt) out.push({ label: 'Last Updated', at: item.updatedAt });
  return out;
}

/** Item Detail: read-only, with Edit, a status update and the timeline. */
export default function ItemDetailDialog({ item: initial, onClose, onEdit, carrierName }: { item: Item; onClose(): void; onEdit(item: Item): void; carrierName(id: string): string }) {
  const [item, setItem] = useState(initial);
  const [status, setStatus] = useState<ItemStatus>(initial.status);
  const update = useUpdateItemStatus();
  // While the warehouse holds the item its facts set the status (the item lifecycle, as catalog's 409 reads it from
  // the item): the select says so, disabled. Where and what happened come from logistics, for items it ever held.
  const lockedBy = item.inCustody && item.custodySince ? custodyStatusMessage(item.custodySince) : null;
  const { data: custody } = useItemCustody(item.id, item.custodySince !== null);
  const fact = (label: string, value: string | number | null | undefined, warn?: string) => (
    <>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === '' ? (warn ? <MissingValue what={warn} /> : '—') : value}</dd>
    </>
  );
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent width="620px" aria-describedby="item-detail-description">
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <ItemThumb item={item} size={56} />
          <div style={{ minWidth: 0 }}>
            <DialogTitle>{item.name}</DialogTitle>
            <DialogDescription id="item-detail-description" style={{ marginBottom: 0 }}>
              {item.projectName} · {item.clientName}
            </DialogDescription>
          </div>
        </div>
        <div style={{ margin: '12px 0' }}>
          <ItemStatusBadge status={item.status} />
        </div>
        <Facts>
          {fact('Supplier', item.supplier, 'supplier')}
          {fact('Quantity', item.quantity ?? 1)}
          {fact('SKU', item.skuCode)}
          {fact('Schedule #', item.scheduleNumber)}
          <dt>Tracking #</dt>
          <dd>
            {item.trackingNumber ? <Code>{item.trackingNumber}</Code> : <MissingValue what="tracking number" />}
            <TrackingButton item={item} carrierName={carrierName} />
          </dd>
          {fact('Carrier', item.carrierId ? carrierName(item.carrierId) : null, 'carrier')}
          {fact('Price', item.price ? formatMoney(item.price) : null)}
          {fact('Estimated price', item.estimatedPrice ? formatMoney(item.estimatedPrice) : null)}
          {fact('Room', item.roomLocation)}
          {fact('Finish', item.finish)}
          {fact('Material', item.material)}
          {item.productUrl ? (
            <>
              <dt>Product</dt>
              <dd>
                <a href={item.productUrl} target="_blank" rel="noopener noreferrer">
                  {item.productUrl}
                </a>
              </dd>
            </>
          ) : null}
          {fact('Notes', item.notes)}
        </Facts>
        <Section aria-labelledby="status-update">
          <h3 id="status-update">Update status</h3>
          <StatusRow>
            <Select aria-label="New status" value={status} onValueChange={(v) => setStatus(v as ItemStatus)} options={ITEM_STATUS_OPTIONS} disabled={lockedBy !== null} aria-describedby={lockedBy ? 'status-locked' : undefined} />
            <Button
              disabled={update.isPending || status === item.status || lockedBy !== null}
              onClick={() => update.mutate({ itemId: item.id, status }, { onSuccess: (next) => setItem(next) })}
            >
              Update Status
            </Button>
          </StatusRow>
          {lockedBy ? (
            <Locked id="status-locked" data-testid="status-locked">
              {lockedBy}
            </Locked>
          ) : null}
        </Section>
        {custody?.since ? <ItemCustody custody={custody} /> : null}
        <Section aria-labelledby="item-timeline">
          <h3 id="item-timeline">Timeline</h3>
          <Timeline>
            {timelineOf(item).map((e) => (
              <li key={e.label} data-damage={e.inspection ? isDamageCondition(e.inspection.condition) : undefined}>
                <span>{e.label}</span>
                <span>{formatDate(e.at)}</span>
                {e.inspection && (e.inspection.notes || e.inspection.photoUrls.length) ? (
                  <InspectionDetail>
                    {e.inspection.notes ? <p>{e.inspection.notes}</p> : null}
                    {e.inspection.photoUrls.length ? (
                      <ul aria-label="Inspection photos">
                        {e.inspection.photoUrls.map((url, i) => (
                          <li key={url}>
                            <a href={url} target="_blank" rel="noopener noreferrer">
                              Photo {i + 1}
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </InspectionDetail>
                ) : null}
              </li>
            ))}
          </Timeline>
        </Section>
        <DialogFooter>
          <Button $variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => onEdit(item)}>
            <Pencil aria-hidden />
            Edit
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
