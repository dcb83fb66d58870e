import type { InspectionQueueEntry, InspectionQueueStatus } from '@midway/contracts';
import { INSPECTION_CONDITION_LABELS, isDamageCondition } from '@midway/contracts/vocab';
import { Badge, Button, ButtonLink, Card, CardContent, CardDescription, CardHeader, CardTitle, FilterBar, NativeSelect, SearchBox, Skeleton } from '@midway/ui';
import { EmptyState } from '@midway/ui/data';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@midway/ui/tabs';
import { ClipboardCheck, ClipboardList, Printer } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { custodyApi } from '../api/custody-api';
import { useInspections } from '../api/receiving-queries';
import { formatDateTime } from '../shared/format';
import { filterQueue, QUEUE_SORTS, type QueueSort } from './queue-filter';
import { timeLeft } from './time-left';

// The form (react-hook-form and the contracts' zod schema) loads when the first inspection opens, not with the page.
const InspectionDialog = lazy(() => import('./inspection-dialog'));

const TABS: { value: InspectionQueueStatus; label: string; empty: string }[] = [
  { value: 'pending', label: 'To inspect', empty: 'Nothing waits for inspection. Received items show up here with 48 hours to inspect them.' },
  { value: 'overdue', label: 'Overdue', empty: 'No inspection is overdue.' },
  { value: 'done', label: 'Inspected', empty: 'No item has been inspected yet.' },
];

const Rows = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 6px 12px;
  align-items: center;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
  p:first-child { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
`;

/** The row's actions stacked: the labels to print on arrival, then the inspection. */
const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: 6px;
`;

const Left = styled.p<{ $overdue: boolean }>`
  && { color: ${({ theme, $overdue }) => ($overdue ? theme.colors.danger : theme.colors.textMuted)}; font-weight: ${({ $overdue }) => ($overdue ? 700 : 500)}; }
`;

/** Re-renders every minute, so the time left counts down while the page stays open at the dock. */
function useMinuteTick(intervalMs = 60_000): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
}

function QueueRow({ entry, now, onInspect }: { entry: InspectionQueueEntry; now: Date; onInspect(entry: InspectionQueueEntry): void }) {
  const left = timeLeft(entry.dueAt, now);
  const overdue = entry.overdue || left.overdue;
  return (
    <Row data-testid="inspection-row">
      <div>
        <p>{entry.itemName}</p>
        <p>
          {entry.projectName} · {entry.designerName} · arrived {formatDateTime(entry.arrivedAt)}
          {entry.piecesFlag ? (
            <>
              {' '}
              <Badge $tone="yellow">{entry.piecesFlag}</Badge>
            </>
          ) : null}
        </p>
        {entry.condition ? (
          <p>
            <Badge $tone={isDamageCondition(entry.condition) ? 'red' : 'green'}>{INSPECTION_CONDITION_LABELS[entry.condition]}</Badge> inspected {formatDateTime(entry.inspectedAt)}
          </p>
        ) : (
          <Left $overdue={overdue} data-overdue={overdue}>
            {overdue && !left.overdue ? 'Overdue' : left.text}
          </Left>
        )}
      </div>
      <Actions>
        {/* Each piece's label (its QR for put-away and loading), printed as the item comes off the dock. */}
        <ButtonLink $variant="outline" $size="sm" href={custodyApi.itemLabelUrl(entry.itemId)} target="_blank" rel="noopener" aria-label={`Labels of ${entry.itemName} (PDF)`}>
          <Printer aria-hidden />
          Labels
        </ButtonLink>
        {entry.condition ? null : (
          <Button $variant={overdue ? 'destructive' : 'primary'} onClick={() => onInspect(entry)} aria-label={`Inspect ${entry.itemName}`}>
            <ClipboardCheck aria-hidden />
            Inspect
          </Button>
        )}
      </Actions>
    </Row>
  );
}

function QueueList({ status, query, sort, onInspect }: { status: InspectionQueueStatus; query: string; sort: QueueSort; onInspect(entry: InspectionQueueEntry): void }) {
  const { data, isLoading, isError, refetch } = useInspections(status);
  useMinuteTick();
  // The clock at this render: an item received after the page opened must not show more than its 48 hours.
  const now = new Date();
  if (isLoading) return <Skeleton $height="120px" style={{ marginTop: 12 }} aria-label="Loading the inspection queue" />;
  if (isError) {
    return (
      <EmptyState
        icon={ClipboardList}
        title="The inspection queue did not load"
        text="Check the connection, then try again."
        action={
          <Button $variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!data?.length) return <EmptyState icon={ClipboardList} title="All clear" text={TABS.find((t) => t.value === status)!.empty} />;
  const shown = filterQueue(data, query, sort);
  if (!shown.length) return <EmptyState icon={ClipboardList} title="No match" text={`No item, project or designer here matches “${query.trim()}”. Clear the search to see all ${data.length}.`} />;
  return (
    <Rows aria-label="Inspection queue entries">
      {shown.map((entry) => (
        <QueueRow key={entry.itemId} entry={entry} now={now} onInspect={onInspect} />
      ))}
    </Rows>
  );
}

/** Arrived items by due time (48 hours after arrival): the time left per item, red once overdue, and the inspection form. */
export function InspectionQueue() {
  const [status, setStatus] = useState<InspectionQueueStatus>('pending');
  const [inspecting, setInspecting] = useState<InspectionQueueEntry | null>(null);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<QueueSort>('timeLeft');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Inspections</CardTitle>
        <CardDescription>Every received item is inspected within 48 hours of its arrival.</CardDescription>
      </CardHeader>
      <CardContent>
        <FilterBar label="Search and sort the inspection queue">
          <SearchBox label="Search the inspection queue" placeholder="Item, project or designer…" value={query} onChange={setQuery} />
          <NativeSelect aria-label="Sort the queue" value={sort} onValueChange={(v) => setSort(v as QueueSort)} options={Object.entries(QUEUE_SORTS).map(([value, label]) => ({ value, label }))} />
        </FilterBar>
        <Tabs value={status} onValueChange={(v) => setStatus(v as InspectionQueueStatus)}>
          <TabsList aria-label="Inspection queue">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              <QueueList status={t.value} query={query} sort={sort} onInspect={setInspecting} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
      {inspecting ? (
        <Suspense fallback={null}>
          <InspectionDialog entry={inspecting} onClose={() => setInspecting(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
