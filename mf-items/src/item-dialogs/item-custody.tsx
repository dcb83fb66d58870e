import type { CustodyView } from '@midway/contracts';
import { eventLine, whereLine } from '@midway/contracts/custody-words';
import { Badge } from '@midway/ui';
import styled from 'styled-components';
import { useItemCustodyTimeline } from '../api/custody-queries';
import { formatDate } from '../shared/format-date';

const Where = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: 0 0 8px;
  font-weight: 650;
`;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  & > li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; border-left: 2px solid ${({ theme }) => theme.colors.border}; padding-left: 10px; overflow-wrap: anywhere; }
  & > li > span:nth-child(2) { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/**
 * The warehouse's side of an item for its designer: where it is ("Stored · B-12"), pieces still to come ("2 of 3
 * pieces"), and every custody fact in order (arrived, put away, moved, loaded, left behind with why, delivered,
 * released). Staff notes never reach a designer: logistics leaves them out, and this list would not show them.
 */
export function ItemCustody({ custody }: { custody: CustodyView }) {
  const { data: timeline } = useItemCustodyTimeline(custody.itemId, custody.since !== null);
  return (
    <section aria-labelledby="item-custody" style={{ marginTop: 20 }}>
      <h3 id="item-custody" style={{ fontSize: '1rem', fontWeight: 650, marginBottom: 8 }}>
        At the warehouse
      </h3>
      <Where data-testid="item-custody-where">
        <span>{whereLine(custody)}</span>
        {custody.piecesFlag ? <Badge $tone="yellow">{custody.piecesFlag}</Badge> : null}
      </Where>
      {timeline?.length ? (
        <Lines aria-label="Custody timeline">
          {timeline.map((e) => (
            <li key={e.id}>
              <span>{eventLine(e)}</span>
              <span>{formatDate(e.at)}</span>
            </li>
          ))}
        </Lines>
      ) : null}
    </section>
  );
}
