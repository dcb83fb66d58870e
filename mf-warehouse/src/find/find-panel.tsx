import { whereLine } from '@midway/contracts/custody-words';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, SearchBox } from '@midway/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useFindItems } from '../api/custody-queries';
import { ItemCustodyDialog } from './item-custody-dialog';

const List = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li`
  min-width: 0;
  button {
    all: unset;
    box-sizing: border-box;
    display: grid;
    /* The place's code (up to 32 characters) may not squeeze the item's name: both shrink, the code wraps. */
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    gap: 2px 12px;
    width: 100%;
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    cursor: pointer;
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.accent}; }
  }
  strong, span, small { min-width: 0; overflow-wrap: anywhere; }
  small { grid-column: 1 / -1; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  span { font-weight: 700; text-align: right; }
`;

/** `value` once it has rested for `ms` (a search per pause, not per key). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Find a piece in the warehouse: items in custody by name, designer, project, client or tracking number, with where they are. */
export function FindPanel() {
  const [q, setQ] = useState('');
  const term = useSettled(q.trim(), 250);
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useFindItems(term);
  const [open, setOpen] = useState<string | null>(null);
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Find</CardTitle>
        <CardDescription>Items in the warehouse by name, designer, project, client or tracking number.</CardDescription>
      </CardHeader>
      <CardContent>
        <SearchBox label="Find items in the warehouse" placeholder="Sofa, Haddad, Lakeview, 1Z…" value={q} onChange={setQ} />
        {isLoading ? <p>Searching…</p> : null}
        {isError ? <p role="alert">The search failed. Check the connection and type again.</p> : null}
        {data && items.length === 0 ? <p style={{ marginTop: 16 }}>{term ? `Nothing in the warehouse matches “${term}”.` : 'The warehouse holds no items.'}</p> : null}
        <List aria-label="Items found">
          {items.map((v) => (
            <Row key={v.itemId} data-testid="found-item">
              <button type="button" onClick={() => setOpen(v.itemId)} aria-label={`${v.itemName}: ${whereLine(v)}`}>
                <strong>{v.itemName}</strong>
                <span>{v.location?.code ?? '—'}</span>
                <small>
                  {v.projectName} · {v.clientName} · {v.designerName} · {whereLine(v)} {v.piecesFlag ? <Badge $tone="yellow">{v.piecesFlag}</Badge> : null}
                </small>
              </button>
            </Row>
          ))}
        </List>
        {hasNextPage ? (
          <Button $variant="outline" style={{ marginTop: 12 }} disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show more
          </Button>
        ) : null}
      </CardContent>
      {open ? <ItemCustodyDialog itemId={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
