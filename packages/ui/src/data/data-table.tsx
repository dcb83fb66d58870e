import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Skeleton } from '../primitives/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './table';

export interface DataColumn<Row> {
  key: string;
  /** The column header, and the field's label when rows are shown as cards. */
  header: string;
  cell(row: Row): ReactNode;
  /** The row's title: shown first and without a label in the card layout. */
  primary?: boolean;
  nowrap?: boolean;
  /** In the card layout the value takes the whole width (e.g. a progress bar) instead of its own. */
  fill?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Shows `skeletonRows` placeholder rows instead of the rows. */
  loading?: boolean;
  skeletonRows?: number;
  /** Shown in place of the rows when there are none (and not loading). */
  empty?: ReactNode;
  /** Id of the heading that names the table. */
  labelledBy?: string;
  rowTestId?: string;
  skeletonTestId?: string;
  /** Width of the table's box below which rows become cards: about the width its columns need side by side. */
  cardsBelowPx?: number;
}

/**
 * By default, below this width of the table's own box (not the window's: a remote does not know how much room
 * the shell's sidebar takes), rows become cards. A wider table passes the width its columns need.
 */
export const DATA_TABLE_CARDS_BELOW_PX = 760;

// The table's box is a size container, so the table adapts to the room it is given.
const Frame = styled.div`
  width: 100%;
  overflow-x: auto;
  container-type: inline-size;
`;

const Grid = styled(Table)<{ $cardsBelow: number }>`
  @container (max-width: ${({ $cardsBelow }) => $cardsBelow - 0.02}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
    tbody, tr, td { display: block; }
    tr {
      display: grid;
      gap: 10px;
      padding: 16px;
    }
    td {
      display: grid;
      grid-template-columns: minmax(88px, 34%) minmax(0, 1fr);
      align-items: center;
      justify-items: start;
      gap: 12px;
      padding: 0;
      white-space: normal;
    }
    td::before {
      content: attr(data-label);
      font-size: ${({ theme }) => theme.fontSizes.xs};
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: ${({ theme }) => theme.colors.textMuted};
    }
    td > * { max-width: 100%; }
    td[data-fill] { justify-items: stretch; }
    td[data-primary], td[data-whole] { display: block; }
    td[data-primary]::before, td[data-whole]::before { content: none; }
  }
`;

const Cell = styled(TableCell)<{ $nowrap?: boolean }>`
  white-space: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'normal')};
`;

const SkeletonTitle = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  > div:last-child { flex: 1; }
`;

function SkeletonCell({ primary }: { primary?: boolean }) {
  if (!primary) return <Skeleton $width="70%" />;
  return (
    <SkeletonTitle>
      <Skeleton $width="36px" $height="36px" $radius="50%" />
      <div>
        <Skeleton $width="70%" />
        <Skeleton $width="45%" $height="12px" style={{ marginTop: 6 }} />
      </div>
    </SkeletonTitle>
  );
}

/**
 * A table that stays readable on a phone: below DATA_TABLE_CARDS_BELOW_PX of width each row becomes a card that
 * lists every column with its label, instead of hiding columns off-screen. Table roles are explicit because
 * some browsers drop a table's semantics once its parts are no longer displayed as table parts.
 */
export function DataTable<Row>({ columns, rows, rowKey, loading, skeletonRows = 3, empty, labelledBy, rowTestId, skeletonTestId, cardsBelowPx = DATA_TABLE_CARDS_BELOW_PX }: DataTableProps<Row>) {
  return (
    <Frame>
      <Grid role="table" aria-labelledby={labelledBy} aria-busy={loading || undefined} $cardsBelow={cardsBelowPx}>
        <TableHead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <TableHeaderCell key={c.key} scope="col" role="columnheader">
                {c.header}
              </TableHeaderCell>
            ))}
          </tr>
        </TableHead>
        <TableBody role="rowgroup">
          {loading
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} role="row" data-testid={skeletonTestId} aria-hidden>
                  {columns.map((c) => (
                    <Cell key={c.key} role="cell" data-label={c.header} data-primary={c.primary || undefined}>
                      <SkeletonCell primary={c.primary} />
                    </Cell>
                  ))}
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow key={rowKey(row)} role="row" data-testid={rowTestId}>
                  {columns.map((c) => (
                    <Cell key={c.key} role="cell" data-label={c.header} data-primary={c.primary || undefined} data-fill={c.fill || undefined} $nowrap={c.nowrap}>
                      {c.cell(row)}
                    </Cell>
                  ))}
                </TableRow>
              ))}
          {!loading && rows.length === 0 && empty ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} data-whole>
                {empty}
              </td>
            </tr>
          ) : null}
        </TableBody>
      </Grid>
    </Frame>
  );
}
