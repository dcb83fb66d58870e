import type { Item, ItemStatus } from '@midway/contracts';
import { canOnProject, ITEM_STATUS_LABELS, ITEM_STATUSES } from '@midway/contracts/vocab';
import { Button, ButtonLabel, Card, FilterBar, formatCount, SearchBox, Skeleton } from '@midway/ui';
import { EmptyState, PAGE_HEADINGS, PageHeader, PageStack, StatCards, type StatCardModel } from '@midway/ui/data';
import { Select } from '@midway/ui/select';
import { Tabs, TabsContent, TabsTrigger } from '@midway/ui/tabs';
import { CheckCircle2, FileUp, Package, Plus, ShoppingCart, Trash2, Truck } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '@midway/ui/router';
import styled from 'styled-components';
import type { ItemFilters } from '../api/items-api';
import { useBulkItemStatus, useItemPages, useItemsSummary, useProjects } from '../api/items-queries';
import { useCarrierName } from '../shared/carriers';
import { countLabel } from '../shared/format';
import { COUNT_CARD_LABELS, COUNT_CARD_RULES } from '../shared/item-buckets';
import { MutedText, ViewBar, ViewTabs } from '../shared/list-layout';
import type { ItemActions } from './item-card';
import { ByProjectView, ByStatusView, GridView, ListView, type ListSelection } from './item-views';

// Dialogs (and the form, schema and CSV code they bring) load when one opens, not with the page.
const CreateItemDialog = lazy(() => import('../item-dialogs/create-item-dialog'));
const EditItemDialog = lazy(() => import('../item-dialogs/edit-item-dialog'));
const ItemDetailDialog = lazy(() => import('../item-dialogs/item-detail-dialog'));
const DeleteItemDialog = lazy(() => import('../item-dialogs/delete-item-dialog'));
const ImportItemsDialog = lazy(() => import('../import/import-items-dialog'));
const BulkDeleteDialog = lazy(() => import('../item-dialogs/bulk-delete-dialog'));
const RequestDeliveryDialog = lazy(() => import('../deliveries/request-delivery-dialog'));
const DeliveriesDialog = lazy(() => import('../deliveries/deliveries-dialog'));

export const { title: ITEMS_TITLE, subtitle: ITEMS_SUBTITLE } = PAGE_HEADINGS['items'];
export const SEARCH_PLACEHOLDER = 'Search items, suppliers, schedule or tracking numbers...';
/** 6 placeholder cards while the Items page loads. */
export const ITEMS_SKELETON_CARDS = 6;

const ALL = 'all';
/** The status filter: the spec's three, then the two statuses items also reach. */
const FILTER_STATUSES: ItemStatus[] = ['ordered', 'in-transit', 'delivered', 'received', 'stored'];
const STATUS_OPTIONS = [{ value: ALL, label: 'All Statuses' }, ...FILTER_STATUSES.filter((s) => ITEM_STATUSES.includes(s)).map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }))];

const SkeletonGrid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(280px, 100%), 1fr));
`;

const More = styled.p`
  padding: 12px;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type DialogState =
  | { kind: 'create' }
  | { kind: 'import'; mode: 'csv' | 'po' }
  | { kind: 'detail'; item: Item }
  | { kind: 'edit'; item: Item }
  | { kind: 'delete'; item: Item }
  | { kind: 'bulk-delete'; itemIds: string[] }
  | { kind: 'deliver'; items: Item[] }
  | { kind: 'deliveries' }
  | null;

export function ItemsSkeleton() {
  return (
    <SkeletonGrid role="status" aria-busy="true" aria-label="Loading items" data-testid="items-skeleton">
      {Array.from({ length: ITEMS_SKELETON_CARDS }, (_, i) => (
        <Card key={i} data-testid="item-skeleton-card" style={{ padding: 16, display: 'grid', gap: 10 }}>
          <Skeleton $height="18px" $width="60%" />
          <Skeleton $height="14px" $width="40%" />
          <Skeleton $height="14px" $width="80%" />
          <Skeleton $height="14px" $width="50%" />
        </Card>
      ))}
    </SkeletonGrid>
  );
}

interface ToolbarProps {
  search: string;
  onSearch(v: string): void;
  status: string;
  onStatus(v: string): void;
  projectId: string;
  onProject(v: string): void;
  projectOptions: { value: string; label: string }[];
  stats: StatCardModel[];
  onCreate(): void;
  onUploadPo(): void;
}

/**
 * Header, filters and count cards: memoised, so the pages of items arriving while the list scrolls re-render
 * the list only, not the selects and cards above it.
 */
const ItemsToolbar = memo(function ItemsToolbar({ search, onSearch, status, onStatus, projectId, onProject, projectOptions, stats, onCreate, onUploadPo }: ToolbarProps) {
  return (
    <>
      <PageHeader
        title={ITEMS_TITLE}
        subtitle={ITEMS_SUBTITLE}
        actions={
          <>
            <Button $variant="outline" aria-label="Upload PO" onClick={onUploadPo}>
              <FileUp aria-hidden />
              <ButtonLabel>Upload PO</ButtonLabel>
            </Button>
            <Button aria-label="New Item" onClick={onCreate}>
              <Plus aria-hidden />
              <ButtonLabel>New Item</ButtonLabel>
            </Button>
          </>
        }
      />
      <FilterBar label="Filters">
        <SearchBox label="Search items" placeholder={SEARCH_PLACEHOLDER} value={search} onChange={onSearch} />
        <Select aria-label="Status" value={status} onValueChange={onStatus} options={STATUS_OPTIONS} />
        <Select aria-label="Project" value={projectId} onValueChange={onProject} options={projectOptions} />
      </FilterBar>
      <StatCards stats={stats} />
    </>
  );
});

const NO_ITEMS: Item[] = [];
const NO_SELECTION: ReadonlySet<string> = new Set();

const BulkBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 10px 16px;
  margin-bottom: 12px;
  border: 1px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.accentSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  & > strong { margin-right: auto; }
  & > div { min-width: 180px; }
`;

/** What the chosen items can be given at once: a status (the request goes when one is picked), a delivery, deletion. */
function BulkActions({ count, busy, onStatus, onDeliver, onDelete, onClear }: { count: number; busy: boolean; onStatus(s: ItemStatus): void; onDeliver(): void; onDelete(): void; onClear(): void }) {
  return (
    <BulkBar role="region" aria-label="Bulk actions" data-testid="bulk-actions">
      <strong aria-live="polite">{countLabel(count, 'item', 'items')} selected</strong>
      <div>
        <Select
          aria-label="Set status of the selected items"
          placeholder="Set status…"
          value=""
          disabled={busy}
          onValueChange={(v) => onStatus(v as ItemStatus)}
          options={ITEM_STATUSES.map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }))}
        />
      </div>
      <Button $variant="outline" $size="sm" disabled={busy} onClick={onDeliver}>
        <Truck aria-hidden />
        Request delivery
      </Button>
      <Button $variant="destructive" $size="sm" disabled={busy} onClick={onDelete}>
        <Trash2 aria-hidden />
        Delete
      </Button>
      <Button $variant="ghost" $size="sm" disabled={busy} onClick={onClear}>
        Clear selection
      </Button>
    </BulkBar>
  );
}

/** The Items page: every item the designer may see, filtered on the server and loaded page by page. */
export default function ItemsPage() {
  // A search result or a shared link opens the page already searching (/services?q=…).
  const [params] = useSearchParams();
  const linked = params.get('q') ?? '';
  const [search, setSearch] = useState(linked);
  useEffect(() => setSearch(linked), [linked]);
  const [status, setStatus] = useState<string>(ALL);
  const [projectId, setProjectId] = useState<string>(ALL);
  const [tab, setTab] = useState('list');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(NO_SELECTION);
  const [selecting, setSelecting] = useState(false);
  const q = useDeferredValue(search.trim());

  const filters = useMemo<ItemFilters>(
    () => ({ ...(q ? { q } : {}), ...(status !== ALL ? { status: status as ItemStatus } : {}), ...(projectId !== ALL ? { projectId } : {}) }),
    [q, status, projectId],
  );
  const filtered = Object.keys(filters).length > 0;
  // A choice is made among the rows in view: another search, filter or view starts a new one.
  useEffect(() => {
    setSelected(NO_SELECTION);
    setSelecting(false);
  }, [filters, tab]);
  const pages = useItemPages(filters);
  const summary = useItemsSummary(filters);
  const projects = useProjects();
  const carrierName = useCarrierName();
  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  // The page's frame (toolbar, counts, tabs) commits first and the rows in a background render right after
  // it: one long task becomes two, the second one interruptible, on a phone's first load.
  const shownItems = useDeferredValue(items, NO_ITEMS);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const actions = useMemo<ItemActions>(
    () => ({
      onView: (item) => setDialog({ kind: 'detail', item }),
      onEdit: (item) => setDialog({ kind: 'edit', item }),
      onDelete: (item) => setDialog({ kind: 'delete', item }),
      carrierName,
    }),
    [carrierName],
  );

  const total = summary.data?.total ?? items.length;
  const stats = useMemo<StatCardModel[]>(() => {
    const n = (v: number | undefined) => (v === undefined ? '–' : formatCount(v));
    return [
      { label: COUNT_CARD_LABELS.ordered, value: n(summary.data?.ordered), icon: ShoppingCart, tone: 'grey', hint: COUNT_CARD_RULES.ordered },
      { label: COUNT_CARD_LABELS['in-transit'], value: n(summary.data?.inTransit), icon: Truck, tone: 'blue', hint: COUNT_CARD_RULES['in-transit'] },
      { label: COUNT_CARD_LABELS.delivered, value: n(summary.data?.delivered), icon: CheckCircle2, tone: 'green', hint: COUNT_CARD_RULES.delivered },
      { label: COUNT_CARD_LABELS.total, value: n(summary.data?.total), icon: Package, tone: 'accent', hint: COUNT_CARD_RULES.total },
    ];
  }, [summary.data]);
  const projectOptions = useMemo(() => [{ value: ALL, label: 'All Projects' }, ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))], [projects.data]);
  const shownProjects = useMemo(() => (projects.data ?? []).filter((p) => projectId === ALL || p.id === projectId), [projects.data, projectId]);
  const openCreate = useCallback(() => setDialog({ kind: 'create' }), []);
  const openPo = useCallback(() => setDialog({ kind: 'import', mode: 'po' }), []);
  const footer = isFetchingNextPage ? <More role="status">Loading more items…</More> : null;
  const close = () => setDialog(null);
  const view = { items: shownItems, actions, onNearEnd, footer };

  // Items of projects the designer may only view cannot be chosen (the server would refuse the whole request).
  const viewOnly = useMemo(() => new Set((projects.data ?? []).filter((p) => !canOnProject(p.access, 'editItems')).map((p) => p.id)), [projects.data]);
  // One function for every row's checkbox, so rows whose choice did not change skip rendering.
  const selectItem = useCallback((item: Item, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(item.id);
      else next.delete(item.id);
      return next;
    });
  }, []);
  const selection = useMemo<ListSelection>(
    () => ({
      selected,
      readOnly: (item) => viewOnly.has(item.projectId),
      onSelect: selectItem,
      onSelectAll: (on) => setSelected(on ? new Set(shownItems.filter((i) => !viewOnly.has(i.projectId)).map((i) => i.id)) : NO_SELECTION),
      selecting,
      onSelecting: (on) => {
        setSelecting(on);
        if (!on) setSelected(NO_SELECTION);
      },
    }),
    [selected, selecting, viewOnly, shownItems, selectItem],
  );
  const bulkStatus = useBulkItemStatus();
  const clearSelection = useCallback(() => {
    setSelected(NO_SELECTION);
    setSelecting(false);
  }, []);
  const bulkBar =
    tab === 'list' && selected.size > 0 ? (
      <BulkActions
        count={selected.size}
        busy={bulkStatus.isPending}
        onStatus={(status) => bulkStatus.mutate({ itemIds: [...selected], status }, { onSuccess: clearSelection })}
        onDeliver={() => setDialog({ kind: 'deliver', items: shownItems.filter((i) => selected.has(i.id)) })}
        onDelete={() => setDialog({ kind: 'bulk-delete', itemIds: [...selected] })}
        onClear={clearSelection}
      />
    ) : null;

  // Every tab keeps its panel (its trigger's aria-controls must name one), whatever the page shows in it.
  let body;
  if (pages.isPending || (items.length > 0 && shownItems.length === 0)) body = <ItemsSkeleton />;
  else if (pages.isError) body = <EmptyState icon={Package} title="Items could not be loaded" text="Check your connection and reload the page to try again." />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={Package}
        title="No items found"
        text={filtered ? 'Try adjusting your filters to see more items.' : 'Get started by adding your first item to a project.'}
        action={filtered ? undefined : <Button onClick={() => setDialog({ kind: 'create' })}>New Item</Button>}
      />
    );
  else if (tab === 'list') body = <ListView {...view} selection={selection} />;
  else if (tab === 'grid') body = <GridView {...view} />;
  else if (tab === 'status') body = <ByStatusView {...view} summary={summary.data} />;
  else body = <ByProjectView {...view} summary={summary.data} projects={shownProjects} />;

  return (
    <PageStack>
      <ItemsToolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        projectId={projectId}
        onProject={setProjectId}
        projectOptions={projectOptions}
        stats={stats}
        onCreate={openCreate}
        onUploadPo={openPo}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <ViewBar>
          <ViewTabs aria-label="Item views">
            <TabsTrigger value="list">List View</TabsTrigger>
            <TabsTrigger value="grid">Grid View</TabsTrigger>
            <TabsTrigger value="status">By Status</TabsTrigger>
            <TabsTrigger value="project">By Project</TabsTrigger>
          </ViewTabs>
          <MutedText data-testid="item-count" aria-live="polite">
            {countLabel(total, 'item', 'items')}
          </MutedText>
          <Button $variant="ghost" $size="sm" onClick={() => setDialog({ kind: 'deliveries' })}>
            Deliveries
          </Button>
          <Button $variant="ghost" $size="sm" onClick={() => setDialog({ kind: 'import', mode: 'csv' })}>
            Import CSV
          </Button>
        </ViewBar>
        <div style={{ marginTop: 16 }}>
          {['list', 'grid', 'status', 'project'].map((v) => (
            <TabsContent key={v} value={v}>
              {tab === v ? bulkBar : null}
              {tab === v ? body : null}
            </TabsContent>
          ))}
        </div>
      </Tabs>
      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? <CreateItemDialog open onOpenChange={(o) => !o && close()} projectId={projectId !== ALL ? projectId : undefined} /> : null}
        {dialog?.kind === 'import' ? <ImportItemsDialog open mode={dialog.mode} onOpenChange={(o) => !o && close()} projectId={projectId !== ALL ? projectId : undefined} /> : null}
        {dialog?.kind === 'detail' ? <ItemDetailDialog item={dialog.item} onClose={close} onEdit={(item) => setDialog({ kind: 'edit', item })} carrierName={carrierName} /> : null}
        {dialog?.kind === 'edit' ? <EditItemDialog item={dialog.item} onClose={close} /> : null}
        {dialog?.kind === 'delete' ? <DeleteItemDialog item={dialog.item} onClose={close} /> : null}
        {dialog?.kind === 'bulk-delete' ? <BulkDeleteDialog itemIds={dialog.itemIds} onClose={close} onDeleted={clearSelection} /> : null}
        {dialog?.kind === 'deliver' ? (
          <RequestDeliveryDialog items={dialog.items} project={projects.data?.find((p) => p.id === dialog.items[0]?.projectId)} onClose={close} onRequested={clearSelection} />
        ) : null}
        {dialog?.kind === 'deliveries' ? <DeliveriesDialog onClose={close} /> : null}
      </Suspense>
    </PageStack>
  );
}
