import type { Service, ServicesSummary, ServiceType } from '@midway/contracts';
import { canOnProject, SERVICE_TYPE_LABELS, SERVICE_TYPES } from '@midway/contracts/vocab';
import { Button, ButtonLabel, Card, FilterBar, formatCount, formatMoney, SearchBox, Skeleton } from '@midway/ui';
import { EmptyState, PAGE_HEADINGS, PageHeader, PageStack, StatCards, type StatCardModel } from '@midway/ui/data';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@midway/ui/dialog';
import { Select } from '@midway/ui/select';
import { Tabs, TabsContent, TabsTrigger } from '@midway/ui/tabs';
import { CheckCircle2, CircleDollarSign, Layers, ListChecks } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from '@midway/ui/router';
import styled from 'styled-components';
import { useProjects } from '../api/items-queries';
import type { ServiceFilters } from '../api/services-api';
import { useBulkServices, useEditableServicesSummary, useServicePages, useServicesSummary, useToggleService } from '../api/services-queries';
import { countLabel } from '../shared/format';
import { CardRow, MutedText, ViewBar, ViewTabs } from '../shared/list-layout';
import { chunk, useColumns } from '../shared/use-columns';
import { VirtualList } from '../shared/virtual-list';
import { ServiceCard } from './service-card';

export const { title: SERVICES_TITLE, subtitle: SERVICES_SUBTITLE } = PAGE_HEADINGS['services'];
export const SERVICES_SEARCH_PLACEHOLDER = 'Search items, projects, or service types...';
const ALL = 'all';

const TYPE_OPTIONS = [{ value: ALL, label: 'All Service Types' }, ...SERVICE_TYPES.map((t) => ({ value: t, label: SERVICE_TYPE_LABELS[t] }))];
const SELECTION_OPTIONS = [
  { value: ALL, label: 'All Services' },
  { value: 'true', label: 'Selected' },
  { value: 'false', label: 'Not Selected' },
];

const GroupHeading = styled.h2`
  padding: 16px 0 10px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 650;
  span { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 500; color: ${({ theme }) => theme.colors.textMuted}; }
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

type Entry = { kind: 'heading'; key: string; title: string; count: number | null } | { kind: 'empty'; key: string; text: string } | { kind: 'cards'; key: string; services: Service[] };

function groupEntries(groups: { key: string; title: string; count: number | null; services: Service[]; emptyText: string }[], columns: number): Entry[] {
  const out: Entry[] = [];
  for (const g of groups) {
    out.push({ kind: 'heading', key: `h-${g.key}`, title: g.title, count: g.count });
    if (g.services.length === 0) out.push({ kind: 'empty', key: `e-${g.key}`, text: g.emptyText });
    else chunk(g.services, columns).forEach((row) => out.push({ kind: 'cards', key: `c-${row[0]!.id}`, services: row }));
  }
  return out;
}

/**
 * Confirms with the exact count and value of what the bulk call will change: the server's summary of the same
 * filter over only the services the caller may change (editable=true; a viewer's projects are left out, as the
 * bulk call leaves them), the services' own costs summed as decimals.
 */
function BulkActionsDialog({ filters, onClose, summary }: { filters: ServiceFilters; onClose(): void; summary: ServicesSummary }) {
  const bulk = useBulkServices();
  const editable = useEditableServicesSummary(filters);
  const run = (selected: boolean) => bulk.mutate({ filters, selected }, { onSuccess: onClose });
  const e = editable.data;
  const viewOnly = e ? summary.total - e.total : 0;
  return (
    <Dialog open onOpenChange={(o) => !o && !bulk.isPending && onClose()}>
      <DialogContent width="520px" aria-describedby="bulk-description">
        <DialogTitle>Bulk Actions</DialogTitle>
        <DialogDescription id="bulk-description">
          {`Select or clear every service the current filters show: ${countLabel(summary.total, 'service', 'services')} worth ${formatMoney(summary.totalValue)}.`}
        </DialogDescription>
        {e ? (
          <div style={{ display: 'grid', gap: 12 }}>
            {viewOnly > 0 ? (
              <p data-testid="bulk-view-only">{`${countLabel(viewOnly, 'service is', 'services are')} in projects you can only view and will not change.`}</p>
            ) : null}
            <p data-testid="bulk-select-confirmation">{`Select ${countLabel(e.available, 'service', 'services')} worth ${formatMoney(e.availableValue)}?`}</p>
            <p data-testid="bulk-clear-confirmation">{`Clear ${countLabel(e.selected, 'selected service', 'selected services')} worth ${formatMoney(e.selectedValue)}?`}</p>
          </div>
        ) : editable.isError ? (
          <p role="alert">The services you can change could not be counted. Close this dialog and try again.</p>
        ) : (
          <p role="status" aria-busy="true">
            Counting the services you can change…
          </p>
        )}
        <DialogFooter style={{ flexWrap: 'wrap' }}>
          <Button $variant="outline" onClick={onClose} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button $variant="outline" onClick={() => run(false)} disabled={!e || bulk.isPending || e.selected === 0}>
            Clear {e?.selected ?? ''}
          </Button>
          <Button onClick={() => run(true)} disabled={!e || bulk.isPending || e.available === 0}>
            Select {e?.available ?? ''}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The Services page: every item's services, toggled one at a time or in bulk. */
export default function ServicesPage() {
  // A search result or a shared link opens the page already searching (/services?q=…).
  const [params] = useSearchParams();
  const linked = params.get('q') ?? '';
  const [search, setSearch] = useState(linked);
  useEffect(() => setSearch(linked), [linked]);
  const [type, setType] = useState(ALL);
  const [selection, setSelection] = useState(ALL);
  const [projectId, setProjectId] = useState(ALL);
  const [tab, setTab] = useState('grid');
  const [bulkOpen, setBulkOpen] = useState(false);
  const q = useDeferredValue(search.trim());
  const filters = useMemo<ServiceFilters>(
    () => ({
      ...(q ? { q } : {}),
      ...(type !== ALL ? { type: type as ServiceType } : {}),
      ...(selection !== ALL ? { selected: selection === 'true' } : {}),
      ...(projectId !== ALL ? { projectId } : {}),
    }),
    [q, type, selection, projectId],
  );
  const filtered = Object.keys(filters).length > 0;
  const pages = useServicePages(filters);
  const summary = useServicesSummary(filters);
  const projects = useProjects();
  const toggle = useToggleService();
  // Projects where the caller only views (catalog's role, the same rule logistics applies): their services
  // show no working toggle. A project not (yet) listed keeps its toggle; logistics still decides.
  const viewOnly = useMemo(() => new Set((projects.data ?? []).filter((p) => !canOnProject(p.access, 'editItems')).map((p) => p.id)), [projects.data]);
  const services = useMemo(() => pages.data?.pages.flatMap((p) => p.services) ?? [], [pages.data]);
  const ref = useRef<HTMLDivElement>(null);
  const columns = useColumns(ref);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const stats: StatCardModel[] = [
    { label: 'Selected Services', value: summary.data ? formatCount(summary.data.selected) : '–', icon: CheckCircle2, tone: 'green' },
    { label: 'Available Services', value: summary.data ? formatCount(summary.data.available) : '–', icon: ListChecks, tone: 'blue' },
    { label: 'Total Value', value: summary.data ? formatMoney(summary.data.selectedValue) : '–', icon: CircleDollarSign, tone: 'accent' },
  ];

  const entries = useMemo((): Entry[] => {
    if (tab === 'type') {
      return groupEntries(
        SERVICE_TYPES.map((t) => {
          const list = services.filter((s) => s.type === t);
          return { key: t, title: SERVICE_TYPE_LABELS[t], count: list.length, services: list, emptyText: `No ${SERVICE_TYPE_LABELS[t].toLowerCase()} services` };
        }),
        columns,
      );
    }
    if (tab === 'status') {
      return groupEntries(
        [
          { key: 'sel', title: 'Selected Services', count: summary.data?.selected ?? null, services: services.filter((s) => s.selected), emptyText: 'No services selected' },
          { key: 'avail', title: 'Available Services', count: summary.data?.available ?? null, services: services.filter((s) => !s.selected), emptyText: 'No available services' },
        ],
        columns,
      );
    }
    return chunk(services, columns).map((row) => ({ kind: 'cards', key: `c-${row[0]!.id}`, services: row }));
  }, [tab, services, columns, summary.data]);

  const render = (e: Entry): ReactNode => {
    if (e.kind === 'heading')
      return (
        <GroupHeading>
          {e.title} {e.count !== null ? <span>({e.count})</span> : null}
        </GroupHeading>
      );
    if (e.kind === 'empty') return <Empty>{e.text}</Empty>;
    return (
      <CardRow $columns={columns}>
        {e.services.map((s) => (
          <ServiceCard key={s.id} service={s} disabled={viewOnly.has(s.projectId)} onToggle={(selected) => toggle.mutate({ id: s.id, selected })} />
        ))}
      </CardRow>
    );
  };

  let body: ReactNode;
  if (pages.isPending)
    body = (
      <div role="status" aria-busy="true" aria-label="Loading services" style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))' }}>
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} style={{ padding: 16, display: 'grid', gap: 10 }}>
            <Skeleton $height="18px" $width="50%" />
            <Skeleton $height="14px" $width="70%" />
            <Skeleton $height="14px" $width="40%" />
          </Card>
        ))}
      </div>
    );
  else if (pages.isError) body = <EmptyState icon={Layers} title="Services could not be loaded" text="Check your connection and reload the page to try again." />;
  else if (services.length === 0)
    body = (
      <EmptyState
        icon={Layers}
        title="No services found"
        text={filtered ? 'Try adjusting your filters to see more services.' : 'Services will appear here as you add items to your projects.'}
      />
    );
  else
    body = (
      <VirtualList
        entries={entries}
        getKey={(e) => e.key}
        estimateSize={(e) => (e.kind === 'cards' ? 190 : 56)}
        render={render}
        onNearEnd={onNearEnd}
        footer={isFetchingNextPage ? <MutedText role="status">Loading more services…</MutedText> : null}
      />
    );

  return (
    <PageStack>
      <PageHeader
        title={SERVICES_TITLE}
        subtitle={SERVICES_SUBTITLE}
        actions={
          <Button $variant="outline" onClick={() => setBulkOpen(true)} disabled={!summary.data || summary.data.total === 0}>
            <ListChecks aria-hidden />
            <ButtonLabel>Bulk Actions</ButtonLabel>
          </Button>
        }
      />
      <FilterBar label="Filters">
        <SearchBox label="Search services" placeholder={SERVICES_SEARCH_PLACEHOLDER} value={search} onChange={setSearch} />
        <Select aria-label="Service type" value={type} onValueChange={setType} options={TYPE_OPTIONS} />
        <Select aria-label="Selection" value={selection} onValueChange={setSelection} options={SELECTION_OPTIONS} />
        <Select aria-label="Project" value={projectId} onValueChange={setProjectId} options={[{ value: ALL, label: 'All Projects' }, ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))]} />
      </FilterBar>
      <StatCards stats={stats} />
      <Tabs value={tab} onValueChange={setTab}>
        <ViewBar>
          <ViewTabs aria-label="Service views">
            <TabsTrigger value="grid">Grid View</TabsTrigger>
            <TabsTrigger value="type">By Service Type</TabsTrigger>
            <TabsTrigger value="status">By Status</TabsTrigger>
          </ViewTabs>
          <MutedText data-testid="service-count" aria-live="polite">
            {countLabel(summary.data?.total ?? services.length, 'service', 'services')}
          </MutedText>
        </ViewBar>
        <div ref={ref} style={{ marginTop: 16 }}>
          {['grid', 'type', 'status'].map((v) => (
            <TabsContent key={v} value={v}>
              {tab === v ? body : null}
            </TabsContent>
          ))}
        </div>
      </Tabs>
      {bulkOpen && summary.data ? <BulkActionsDialog filters={filters} onClose={() => setBulkOpen(false)} summary={summary.data} /> : null}
    </PageStack>
  );
}
