import type { Delivery } from '@midway/contracts';
import { DELIVERY_STATUS_LABELS, DELIVERY_WINDOW_LABELS, isWeekend } from '@midway/contracts/vocab';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Input, Label } from '@midway/ui';
import { PAGE_HEADINGS, PageHeader, PageStack } from '@midway/ui/data';
import { useCurrentUser } from '@midway/ui/query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { useDeliveriesOn, useFixRun, useMarkOut, useRunProposal } from '../api/delivery-queries';
import CompletionDialog from './completion-dialog';

export const { title: DELIVERIES_TITLE, subtitle: DELIVERIES_SUBTITLE } = PAGE_HEADINGS.deliveries;
export const DELIVERIES_DENIED = 'Access Denied: Only Midway administrators can plan delivery runs.';

/** The first business day after today (the browser's calendar): the day staff plan most often. */
export function nextBusinessDay(now = new Date()): string {
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  do d.setUTCDate(d.getUTCDate() + 1);
  while (isWeekend(d.toISOString().slice(0, 10)));
  return d.toISOString().slice(0, 10);
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Row = styled.li`
  display: grid;
  gap: 6px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  div { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
`;

const DayPicker = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;
  input { max-width: 200px; }
`;

const Denied = styled(CardContent)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding-top: 24px;
  color: ${({ theme }) => theme.colors.danger};
  svg { width: 22px; height: 22px; flex-shrink: 0; }
`;

/**
 * The staff's day of deliveries (admins only): the requested deliveries proposed as stops (by project and address,
 * ordered by window) with one action fixing them as the day's run, then the run's deliveries to take out and, at
 * each door, to complete with the proof of delivery. One column, so it works on a 390 px phone.
 */
export default function DeliveriesPage() {
  const { isAdmin, isLoading } = useCurrentUser();
  const [date, setDate] = useState(nextBusinessDay);
  if (isLoading) return null;
  return (
    <PageStack>
      <PageHeader title={DELIVERIES_TITLE} subtitle={DELIVERIES_SUBTITLE} />
      {isAdmin ? (
        <>
          <DayPicker>
            <div>
              <Label htmlFor="delivery-day">Day</Label>
              <Input id="delivery-day" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
            </div>
          </DayPicker>
          <ProposedRun date={date} />
          <DayDeliveries date={date} />
        </>
      ) : (
        <Card role="alert">
          <Denied>
            <ShieldAlert aria-hidden />
            <p>{DELIVERIES_DENIED}</p>
          </Denied>
        </Card>
      )}
    </PageStack>
  );
}

function ProposedRun({ date }: { date: string }) {
  const { data, isLoading } = useRunProposal(date);
  const fix = useFixRun();
  const stops = data?.stops ?? [];
  const ids = stops.flatMap((s) => s.deliveryIds);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Requested — proposed run</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? <p>Loading…</p> : null}
        {!isLoading && stops.length === 0 ? <p>No requested deliveries for this day.</p> : null}
        <List aria-label="Proposed stops">
          {stops.map((s, i) => (
            <Row key={`${s.projectId}-${s.address}`} data-testid="proposed-stop">
              <p>
                <strong>
                  {i + 1}. {s.projectName}
                </strong>{' '}
                <Badge>{DELIVERY_WINDOW_LABELS[s.window]}</Badge>
              </p>
              <p>{s.address}</p>
              <small>
                {s.itemCount} {s.itemCount === 1 ? 'item' : 'items'} · {s.deliveryIds.length} {s.deliveryIds.length === 1 ? 'delivery' : 'deliveries'}
              </small>
            </Row>
          ))}
        </List>
        {stops.length ? (
          <Button style={{ marginTop: 12 }} disabled={fix.isPending} onClick={() => fix.mutate({ date, deliveryIds: ids })}>
            Fix run ({ids.length} {ids.length === 1 ? 'delivery' : 'deliveries'})
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DayDeliveries({ date }: { date: string }) {
  const { data } = useDeliveriesOn(date);
  const markOut = useMarkOut();
  const [completing, setCompleting] = useState<Delivery | null>(null);
  const planned = (data ?? []).filter((d) => d.status !== 'requested' && d.status !== 'cancelled');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Runs</CardTitle>
      </CardHeader>
      <CardContent>
        {planned.length === 0 ? <p>No scheduled deliveries for this day yet.</p> : null}
        <List aria-label="Scheduled deliveries">
          {planned.map((d) => (
            <Row key={d.id} data-testid="run-delivery">
              <p>
                <strong>{d.projectName}</strong> <Badge>{DELIVERY_STATUS_LABELS[d.status]}</Badge>
              </p>
              <p>
                {d.address} · {DELIVERY_WINDOW_LABELS[d.window]}
              </p>
              <small>{d.items.map((i) => (i.exception ? `${i.name} (not delivered: ${i.exception})` : i.name)).join(', ')}</small>
              <div>
                {d.status === 'scheduled' ? (
                  <Button $size="sm" disabled={markOut.isPending} onClick={() => markOut.mutate(d)} aria-label={`Mark out: ${d.projectName}`}>
                    Mark out
                  </Button>
                ) : null}
                {d.status === 'out-for-delivery' ? (
                  <Button $size="sm" onClick={() => setCompleting(d)} aria-label={`Complete: ${d.projectName}`}>
                    Complete
                  </Button>
                ) : null}
                {d.status === 'completed' && d.receivedBy ? <small>Received by {d.receivedBy}</small> : null}
              </div>
            </Row>
          ))}
        </List>
      </CardContent>
      {completing ? <CompletionDialog delivery={completing} onClose={() => setCompleting(null)} /> : null}
    </Card>
  );
}
