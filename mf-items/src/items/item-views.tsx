import type { Item, ItemsSummary, Project } from '@midway/contracts';
import { ITEM_STATUS_LABELS, ITEM_STATUSES } from '@midway/contracts/vocab';
import { Badge, Button } from '@midway/ui';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { countLabel } from '../shared/format';
import { CardRow } from '../shared/list-layout';
import { chunk, useColumns } from '../shared/use-columns';
import { VirtualList } from '../shared/virtual-list';
import { ItemCard, type ItemActions } from './item-card';
import { ItemRow, ItemsHeader, ROWS_AS_CARDS_BELOW_PX, RowsFrame, SelectAllBox } from './item-row';
import { RowStyles, SELECTING_CLASS } from './row-styles';

export interface ViewProps {
  items: readonly Item[];
  actions: ItemActions;
  /** Asks for the next API page (the list is near the end of what is loaded). */
  onNearEnd(): void;
  footer?: ReactNode;
}

const GroupHeading = styled.h2`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 16px 0 10px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 650;
`;

const Count = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 500;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
  padding: 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  margin-bottom: 8px;
`;

/** A list row's height as a table row, and as the small card it becomes in a narrow list (measured on a phone). */
const ROW_PX = 64;
const ROW_CARD_PX = 288;
/**
 * The window's width (as the virtual list knows it) stands in for the list's, which is unknown before layout: narrower
 * than ROWS_AS_CARDS_BELOW_PX, the rows are surely cards. Between that and the sidebar's share more they are cards too
 * and are measured so.
 */
const rowEstimate = (windowWidth: number) => (windowWidth < ROWS_AS_CARDS_BELOW_PX ? ROW_CARD_PX : ROW_PX);

/** Choosing items for a bulk action in List View (the page holds the choice). */
export interface ListSelection {
  selected: ReadonlySet<string>;
  /** An item of a project the designer may only view (it cannot be chosen). */
  readOnly(item: Item): boolean;
  onSelect(item: Item, on: boolean): void;
  onSelectAll(on: boolean): void;
  /** Narrow lists (phones) show cards, whose checkboxes show in select mode only. */
  selecting: boolean;
  onSelecting(on: boolean): void;
}

/** Shown instead of the column headings when the rows are cards: select mode, and select all once in it. */
const SelectModeBar = styled.div`
  display: none;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 16px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  label { display: inline-flex; align-items: center; gap: 8px; }
  @container (max-width: ${ROWS_AS_CARDS_BELOW_PX - 0.02}px) { display: flex; }
`;

/** List View: a table (rows become small cards when narrow), rendered virtually; with `selection`, rows can be chosen. */
export function ListView({ items, actions, onNearEnd, footer, selection }: ViewProps & { selection?: ListSelection }) {
  const render = useCallback(
    (item: Item) => (
      <ItemRow
        item={item}
        cols="with-project"
        actions={actions}
        selected={selection?.selected.has(item.id)}
        readOnly={selection?.readOnly(item)}
        onSelect={selection?.onSelect}
      />
    ),
    [actions, selection],
  );
  const selectAll = useMemo(() => {
    if (!selection) return undefined;
    const choosable = items.filter((i) => !selection.readOnly(i));
    const chosen = choosable.filter((i) => selection.selected.has(i.id)).length;
    return { checked: choosable.length > 0 && chosen === choosable.length, mixed: chosen > 0 && chosen < choosable.length, onChange: selection.onSelectAll };
  }, [items, selection]);
  return (
    // The Select bar sits in the frame but outside the table: a table's children are rows (screen readers and axe).
    <RowsFrame className={selection?.selecting ? SELECTING_CLASS : undefined}>
      <RowStyles $variant="ghost" $size="icon" />
      {selection && selectAll ? (
        <SelectModeBar>
          {selection.selecting ? (
            <label>
              <SelectAllBox {...selectAll} />
              Select all
            </label>
          ) : (
            <span />
          )}
          <Button $variant="outline" $size="sm" aria-pressed={selection.selecting} onClick={() => selection.onSelecting(!selection.selecting)}>
            {selection.selecting ? 'Done' : 'Select'}
          </Button>
        </SelectModeBar>
      ) : null}
      <div role="table" aria-label="Items" aria-rowcount={items.length + 1}>
        <ItemsHeader cols="with-project" selectAll={selectAll} />
        <VirtualList
          entries={items}
          getKey={(i) => i.id}
          estimateSize={(_item, _index, windowWidth) => rowEstimate(windowWidth)}
          render={render}
          onNearEnd={onNearEnd}
          footer={footer}
        />
      </div>
    </RowsFrame>
  );
}

/** Grid View: item cards, 1 to 3 per row by the room there is, rendered a row at a time. */
export function GridView({ items, actions, onNearEnd, footer }: ViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const columns = useColumns(ref);
  const rows = useMemo(() => chunk(items, columns), [items, columns]);
  return (
    <div ref={ref} data-testid="items-grid">
      <VirtualList
        entries={rows}
        getKey={(row) => row[0]!.id}
        estimateSize={() => 236}
        render={(row) => (
          <CardRow $columns={columns}>
            {row.map((item) => (
              <ItemCard key={item.id} item={item} actions={actions} />
            ))}
          </CardRow>
        )}
        onNearEnd={onNearEnd}
        footer={footer}
      />
    </div>
  );
}

type Entry =
  | { kind: 'heading'; key: string; title: ReactNode; count: number; chip?: string }
  | { kind: 'empty'; key: string; text: string }
  | { kind: 'cards'; key: string; items: Item[] }
  | { kind: 'table-head'; key: string; table: string }
  | { kind: 'row'; key: string; item: Item; table: string };

function renderEntry(entry: Entry, actions: ItemActions, columns: number) {
  switch (entry.kind) {
    case 'heading':
      return (
        <GroupHeading>
          {entry.title}
          <Count>({countLabel(entry.count, 'item', 'items')})</Count>
          {entry.chip ? <Badge $tone="blue">{entry.chip}</Badge> : null}
        </GroupHeading>
      );
    case 'empty':
      return <Empty>{entry.text}</Empty>;
    case 'cards':
      return (
        <CardRow $columns={columns}>
          {entry.items.map((item) => (
            <ItemCard key={item.id} item={item} actions={actions} />
          ))}
        </CardRow>
      );
    case 'table-head':
      return (
        // Each virtual entry is its own box, so each names the project table it belongs to (rows need a table).
        <RowsFrame role="table" aria-label={entry.table} style={{ borderRadius: '12px 12px 0 0', borderBottom: 0 }}>
          <ItemsHeader cols="without-project" />
        </RowsFrame>
      );
    case 'row':
      return (
        <RowsFrame role="table" aria-label={entry.table} style={{ borderRadius: 0, borderTop: 0 }}>
          <ItemRow item={entry.item} cols="without-project" actions={actions} />
        </RowsFrame>
      );
  }
}

const ESTIMATES: Record<Exclude<Entry['kind'], 'row'>, number> = { heading: 56, empty: 56, cards: 236, 'table-head': 40 };
const estimateEntry = (e: Entry, _index: number, windowWidth: number) => (e.kind === 'row' ? rowEstimate(windowWidth) : ESTIMATES[e.kind]);

/**
 * By Status: a group per status, in the order items move (ordered, in transit, received, stored, delivered), each
 * item under its own status (the badge it shows); the counts are the server's (all matching items).
 */
export function ByStatusView({ items, actions, onNearEnd, footer, summary }: ViewProps & { summary: ItemsSummary | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  const columns = useColumns(ref);
  const entries = useMemo(() => {
    const out: Entry[] = [];
    for (const status of ITEM_STATUSES) {
      const members = items.filter((i) => i.status === status);
      const total = summary?.byStatus?.[status] ?? members.length;
      out.push({ kind: 'heading', key: `h-${status}`, title: ITEM_STATUS_LABELS[status], count: total });
      if (members.length === 0) {
        if (total === 0) out.push({ kind: 'empty', key: `e-${status}`, text: `No ${ITEM_STATUS_LABELS[status].toLowerCase()} items` });
        continue;
      }
      chunk(members, columns).forEach((row) => out.push({ kind: 'cards', key: `c-${row[0]!.id}`, items: row }));
    }
    return out;
  }, [items, summary, columns]);
  return (
    <div ref={ref} data-testid="items-by-status">
      <VirtualList entries={entries} getKey={(e) => e.key} estimateSize={estimateEntry} render={(e) => renderEntry(e, actions, columns)} onNearEnd={onNearEnd} footer={footer} />
    </div>
  );
}

/** By Project: one table per project with its name, item count and client-name chip. */
export function ByProjectView({ items, actions, onNearEnd, footer, summary, projects }: ViewProps & { summary: ItemsSummary | undefined; projects: readonly Project[] }) {
  const entries = useMemo(() => {
    const counts = new Map((summary?.byProject ?? []).map((p) => [p.projectId, p.count]));
    const byProject = new Map<string, Item[]>();
    for (const item of items) {
      const list = byProject.get(item.projectId);
      if (list) list.push(item);
      else byProject.set(item.projectId, [item]);
    }
    const out: Entry[] = [];
    for (const project of projects) {
      const rows = byProject.get(project.id) ?? [];
      out.push({ kind: 'heading', key: `h-${project.id}`, title: project.name, count: counts.get(project.id) ?? 0, chip: project.clientName });
      if (rows.length === 0) {
        if (!counts.get(project.id)) out.push({ kind: 'empty', key: `e-${project.id}`, text: 'No items in this project' });
        continue;
      }
      const table = `${project.name} items`;
      out.push({ kind: 'table-head', key: `t-${project.id}`, table });
      for (const item of rows) out.push({ kind: 'row', key: item.id, item, table });
    }
    return out;
  }, [items, summary, projects]);
  return (
    <div data-testid="items-by-project">
      <RowStyles $variant="ghost" $size="icon" />
      <VirtualList entries={entries} getKey={(e) => e.key} estimateSize={estimateEntry} render={(e) => renderEntry(e, actions, 1)} onNearEnd={onNearEnd} footer={footer} />
    </div>
  );
}
