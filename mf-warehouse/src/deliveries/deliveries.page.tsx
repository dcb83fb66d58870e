import type { Delivery, DeliveryDay, DeliveryStop } from '@midway/contracts';
import { DELIVERY_STATUS_LABELS, DELIVERY_WINDOW_LABELS, isWeekend } from '@midway/contracts/vocab';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Input, Label } from '@midway/ui';
import { PAGE_HEADINGS, PageHeader, PageStack } from '@midway/ui/data';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { useCurrentUser } from '@midway/ui/query';
import { useState } from 'react';
import styled from 'styled-components';
import { useDeliveriesOn, useDeliveryDays, useFixRun, useMarkOut, useRunProposal } from '../api/delivery-queries';
import CompletionDialog from './completion-dialog';
import { RunLoadDialog } from '../runs/run-load-dialog';
import { DeliveryProof } from '@midway/ui/delivery';
import { StaffOnly } from '../shared/staff-only';

export const { title: DELIVERIES_TITLE, subtitle: DELIVERIES_SUBTITLE } = PAGE_HEADINGS.deliveries;
export const DELIVERIES_DENIED = 'Access Denied: Only Midway administrators can plan delivery runs.';

/** Today in the browser's calendar, YYYY-MM-DD. */
export function todayOf(now = new Date()): string {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())).toISOString().slice(0, 10);
}

/** The first business day after today (the browser's calendar): the day staff plan most often. */
export function nextBusinessDay(now = new Date()): string {
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  do d.setUTCDate(d.getUTCDate() + 1);
  while (isWeekend(d.toISOString().slice(0, 10)));
  return d.toISOString().slice(0, 10);
}

/** "Mon, Jun 8" for a calendar date. */
export const dayLabel = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

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
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow-wrap: anywhere;
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  div { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
`;

const StopChoice = styled.label`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  min-width: 0;
  input[type='checkbox'] { width: 20px; height: 20px; margin-top: 2px; flex-shrink: 0; }
  span { display: grid; gap: 4px; min-width: 0; }
`;

const DayPicker = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;
  input { max-width: 200px; }
`;

/** The coming days as a strip that scrolls sideways on a phone (the page itself never does). */
const Days = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 0 4px;
  display: flex;
  gap: 8px;
  overflow-x: auto;
  max-width: 100%;
  li { flex: 0 0 auto; }
  button {
    display: grid;
    gap: 2px;
    min-width: 96px;
    padding: 8px 10px;
    text-align: left;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    cursor: pointer;
  }
  button[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.accent}; box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.accent}; }
  strong { font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const ConfirmList = styled.ol`
  margin: 0 0 8px;
  padding-left: 22px;
  display: grid;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/** What a day's counts say, briefly: "2 requested · 1 scheduled", or "No deliveries". */
export function dayCounts(d: DeliveryDay): string {
  const parts = [
    [d.requested, 'requested'],
    [d.scheduled, 'scheduled'],
    [d.outForDelivery, 'out'],
    [d.completed, 'completed'],
  ].filter(([n]) => Number(n) > 0);
  return parts.length ? parts.map(([n, what]) => `${n} ${what}`).join(' · ') : 'No deliveries';
}

/**
 * The staff's days of deliveries (admins only): the coming days with their counts, a day's requested deliveries
 * proposed as stops (by project and address, ordered by window) that staff choose and confirm as a run, then the
 * run's deliveries in stop order to take out and, at each door, to complete with the proof of delivery, which stays
 * shown on the delivery. One column, so it works on a 390 px phone.
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
          <ComingDays date={date} onChoose={setDate} />
          <DayPicker>
            <div>
              <Label htmlFor="delivery-day">Day</Label>
              <Input id="delivery-day" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
            </div>
          </DayPicker>
          <ProposedRun key={date} date={date} />
          <DayDeliveries date={date} />
        </>
      ) : (
        <StaffOnly message={DELIVERIES_DENIED} />
      )}
    </PageStack>
  );
}

function ComingDays({ date, onChoose }: { date: string; onChoose(date: string): void }) {
  const { data } = useDeliveryDays(todayOf());
  if (!data) return null;
  return (
    <nav aria-label="Coming days">
      <Days>
        {data.days.map((d) => (
          <li key={d.date}>
            <button type="button" aria-pressed={d.date === date} onClick={() => onChoose(d.date)} data-testid="coming-day">
              <strong>{dayLabel(d.date)}</strong>
              <span>{dayCounts(d)}</span>
            </button>
          </li>
        ))}
      </Days>
    </nav>
  );
}

const stopKey = (s: DeliveryStop) => s.deliveryIds[0]!;

function ProposedRun({ date }: { date: string }) {
  const { data, isLoading } = useRunProposal(date);
  const fix = useFixRun();
  const stops = data?.stops ?? [];
  // Every stop is chosen until staff leave one out; the run takes only the chosen ones, in the proposal's order.
  const [left, setLeft] = useState<Set<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const chosen = stops.filter((s) => !left.has(stopKey(s)));
  const ids = chosen.flatMap((s) => s.deliveryIds);
  const count = (n: number) => `${n} ${n === 1 ? 'delivery' : 'deliveries'}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Requested — proposed run for {dayLabel(date)}</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? <p>Loading…</p> : null}
        {!isLoading && stops.length === 0 ? <p>No requested deliveries for this day.</p> : null}
        <List aria-label="Proposed stops">
          {stops.map((s, i) => (
            <Row key={stopKey(s)} data-testid="proposed-stop">
              <StopChoice>
                <input
                  type="checkbox"
                  checked={!left.has(stopKey(s))}
                  onChange={(e) =>
                    setLeft((prev) => {
                      const next = new Set(prev);
                      if (e.target.checked) next.delete(stopKey(s));
                      else next.add(stopKey(s));
                      return next;
                    })
                  }
                  aria-label={`Take stop ${i + 1}: ${s.projectName}`}
                />
                <span>
                  <p>
                    <strong>
                      {i + 1}. {s.projectName}
                    </strong>{' '}
                    <Badge>{DELIVERY_WINDOW_LABELS[s.window]}</Badge>
                  </p>
                  <p>{s.address}</p>
                  <small>
                    {s.itemCount} {s.itemCount === 1 ? 'item' : 'items'} · {count(s.deliveryIds.length)}
                  </small>
                </span>
              </StopChoice>
            </Row>
          ))}
        </List>
        {stops.length ? (
          <Button style={{ marginTop: 12 }} disabled={fix.isPending || ids.length === 0} onClick={() => setConfirming(true)}>
            Fix run… ({count(ids.length)})
          </Button>
        ) : null}
      </CardContent>
      {confirming ? (
        <Dialog open onOpenChange={(open) => !open && !fix.isPending && setConfirming(false)}>
          <DialogContent width="520px" aria-describedby="fix-run-description">
            <DialogTitle>Fix the run for {dayLabel(date)}?</DialogTitle>
            <DialogDescription id="fix-run-description">
              These {count(ids.length)} become scheduled, stop by stop in this order; the designers see them planned.
              {stops.length > chosen.length ? ` ${stops.length - chosen.length} left out stay requested.` : ''}
            </DialogDescription>
            <ConfirmList aria-label="Stops of the run">
              {chosen.map((s) => (
                <li key={stopKey(s)}>
                  {s.projectName} — {s.address} ({DELIVERY_WINDOW_LABELS[s.window].toLowerCase()}, {count(s.deliveryIds.length)})
                </li>
              ))}
            </ConfirmList>
            <DialogFooter>
              <Button $variant="outline" disabled={fix.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button disabled={fix.isPending} onClick={() => fix.mutate({ date, deliveryIds: ids }, { onSuccess: () => setConfirming(false) })}>
                {fix.isPending ? 'Fixing…' : `Fix run (${count(ids.length)})`}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </Card>
  );
}

function DayDeliveries({ date }: { date: string }) {
  const { data } = useDeliveriesOn(date);
  const markOut = useMarkOut();
  const [completing, setCompleting] = useState<Delivery | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  // In stop order (the server's): stop 1 first.
  const planned = (data ?? []).filter((d) => d.status !== 'requested' && d.status !== 'cancelled');
  // Each run's pick list and load check (custody, issue 40), while some of its deliveries have not left.
  const runIds = [...new Set(planned.filter((d) => d.runId && d.status === 'scheduled').map((d) => d.runId!))];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Runs</CardTitle>
      </CardHeader>
      <CardContent>
        {planned.length === 0 ? <p>No scheduled deliveries for this day yet.</p> : null}
        {runIds.map((runId, i) => (
          <Button key={runId} style={{ marginBottom: 12 }} onClick={() => setLoading(runId)}>
            {runIds.length > 1 ? `Pick & load — run ${i + 1}` : 'Pick & load'}
          </Button>
        ))}
        <List aria-label="Scheduled deliveries">
          {planned.map((d) => (
            <Row key={d.id} data-testid="run-delivery">
              <p>
                {d.runStop ? <span>Stop {d.runStop} · </span> : null}
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
              </div>
              {d.status === 'completed' ? <DeliveryProof delivery={d} /> : null}
            </Row>
          ))}
        </List>
      </CardContent>
      {loading ? <RunLoadDialog runId={loading} deliveries={planned.filter((d) => d.runId === loading)} onClose={() => setLoading(null)} /> : null}
      {completing ? <CompletionDialog delivery={completing} today={todayOf()} onClose={() => setCompleting(null)} /> : null}
    </Card>
  );
}
