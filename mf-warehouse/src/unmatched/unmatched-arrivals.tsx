import type { Arrival } from '@midway/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Code, Skeleton } from '@midway/ui';
import { EmptyState } from '@midway/ui/data';
import { Inbox, Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { useUnmatchedArrivals } from '../api/receiving-queries';
import { formatDateTime } from '../shared/format';
import { AssignArrivalDialog } from './assign-arrival-dialog';
import { DiscardArrivalDialog } from './discard-arrival-dialog';

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 10px;
  align-items: center;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`;

/**
 * Parcels recorded without an item, newest first as logistics lists them, each assigned to its item from a search,
 * or discarded with why when it was a mis-scan (kept in history).
 */
export function UnmatchedArrivals() {
  const { data, isLoading, isError, refetch } = useUnmatchedArrivals();
  const [assigning, setAssigning] = useState<Arrival | null>(null);
  const [discarding, setDiscarding] = useState<Arrival | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Unmatched arrivals</CardTitle>
        <CardDescription>Parcels no item's tracking number matched. Assign each to its item to receive it.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton $height="80px" aria-label="Loading unmatched arrivals" />
        ) : isError ? (
          <EmptyState
            icon={Inbox}
            title="The unmatched arrivals did not load"
            text="Check the connection, then try again."
            action={
              <Button $variant="outline" onClick={() => void refetch()}>
                Try again
              </Button>
            }
          />
        ) : !data?.length ? (
          <EmptyState icon={Inbox} title="None waiting" text="A parcel recorded as unmatched waits here until you assign it to an item." />
        ) : (
          <Rows aria-label="Unmatched arrivals">
            {data.map((a) => (
              <Row key={a.id} data-testid="unmatched-row">
                <div>
                  <p>
                    <Code>{a.trackingNumber || a.code}</Code>
                  </p>
                  <p>Arrived {formatDateTime(a.arrivedAt)}</p>
                  {a.notes ? <p>{a.notes}</p> : null}
                </div>
                <Actions>
                  <Button $variant="outline" onClick={() => setAssigning(a)} aria-label={`Assign ${a.trackingNumber || a.code}`}>
                    <Link2 aria-hidden />
                    Assign
                  </Button>
                  <Button $variant="ghost" onClick={() => setDiscarding(a)} aria-label={`Discard ${a.trackingNumber || a.code}`}>
                    <Trash2 aria-hidden />
                    Discard
                  </Button>
                </Actions>
              </Row>
            ))}
          </Rows>
        )}
      </CardContent>
      {assigning ? <AssignArrivalDialog arrival={assigning} onClose={() => setAssigning(null)} /> : null}
      {discarding ? <DiscardArrivalDialog arrival={discarding} onClose={() => setDiscarding(null)} /> : null}
    </Card>
  );
}
