import type { ProjectDetail } from '@midway/contracts';
import { canOnProject } from '@midway/contracts/vocab';
import { ApiError, Button, Card, CardContent, CardHeader, CardTitle, formatMoney, Skeleton, usePageTitle } from '@midway/ui';
import { EmptyState, PageHeader, PageStack, PROJECT_ITEMS_HEADING, ProjectSubline, StatCards, StatCardsSkeleton, backLinkStyles } from '@midway/ui/data';
import { AlertTriangle, ArrowLeft, CheckCircle2, DollarSign, Loader2, Package, PackageOpen, Plus, RotateCw, SearchX, Share2, Truck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@midway/ui/router';
import styled from 'styled-components';
import { Columns, Side } from '../shared/page-layout.styles';
import { useProjectDetail } from '../api/catalog-queries';
import { formatDate } from '../shared/format';
import { useShareProject } from '../shared/use-share-project';
import { AddItemDialog } from './add-item-dialog';
import { ClientLink } from './client-link';
import { DamageReports } from './damage-reports';
import { bookable, ProjectItemsList, type DeliverySelection } from './project-items-list';
import { ProjectDeliveries } from './project-deliveries';
import { ProjectMembers } from './project-members';
import { PurchaseOrders } from './purchase-orders';
import { countItems } from '../shared/item-counts';
import { ProjectSummary } from './project-summary';

const RequestDelivery = lazy(() => import('./request-delivery'));

const BackLink = styled(Link)`
  ${backLinkStyles}
`;

const ItemsHeader = styled(CardHeader)`
  flex-direction: row;
  align-items: center;
  justify-content: space-between;
`;

function ProjectNotFound() {
  usePageTitle('Project not found');
  return (
    <Card>
      <EmptyState
        icon={SearchX}
        title="Project not found"
        text="It may have been removed, or it is not shared with you."
        action={
          <BackLink to="/projects" style={{ marginBottom: 0 }}>
            <ArrowLeft aria-hidden />
            Back to Projects
          </BackLink>
        }
      />
    </Card>
  );
}

function ProjectDetailSkeleton() {
  return (
    <PageStack role="status" aria-busy="true" aria-label="Loading project">
      <Skeleton $height="32px" $width="280px" />
      <StatCardsSkeleton count={4} />
      <Card>
        <CardContent>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} $height="56px" style={{ marginTop: i ? 12 : 0 }} />
          ))}
        </CardContent>
      </Card>
    </PageStack>
  );
}

/**
 * Received and stored items chosen for a delivery, when the caller may book one (owner, member, admin: a viewer
 * only reads); `chosen` keeps only those still bookable as the project changes.
 */
function useDeliverySelection(project: ProjectDetail) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const canBook = canOnProject(project.access, 'editItems') && project.items.some(bookable);
  const selection: DeliverySelection = {
    selected,
    toggle: (id) => setSelected((now) => (now.has(id) ? new Set([...now].filter((x) => x !== id)) : new Set([...now, id]))),
  };
  const chosen = project.items.filter((i) => selected.has(i.id) && bookable(i));
  return { canBook, selection: canBook ? selection : undefined, chosen, clear: () => setSelected(new Set()) };
}

function ProjectView({ project }: { project: ProjectDetail }) {
  const [adding, setAdding] = useState(false);
  const [booking, setBooking] = useState(false);
  const delivery = useDeliverySelection(project);
  // Global search links an item as /projects/{id}?item={itemId}.
  const [searchParams] = useSearchParams();
  const share = useShareProject();
  const navigate = useNavigate();
  const counts = countItems(project.items);
  const install = formatDate(project.installDate);
  return (
    <PageStack>
      <PageHeader
        before={
          <BackLink to="/projects">
            <ArrowLeft aria-hidden />
            Projects
          </BackLink>
        }
        title={project.name}
        subtitle={
          <ProjectSubline>
            <span>{project.location}</span>
            <span>Client: {project.clientName}</span>
            {install ? <span>Install {install}</span> : null}
          </ProjectSubline>
        }
        actions={
          <>
            {canOnProject(project.access, 'share') ? (
              <Button $variant="outline" onClick={() => share.mutate(project.id)} disabled={share.isPending}>
                {share.isPending ? <Loader2 aria-hidden /> : <Share2 aria-hidden />}
                Share with Client
              </Button>
            ) : null}
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              Add Item
            </Button>
          </>
        }
      />
      <StatCards
        stats={[
          { label: 'Total Items', value: counts.total, icon: Package, tone: 'accent' },
          { label: 'In Transit', value: counts.inTransit, icon: Truck, tone: 'blue' },
          { label: 'Received', value: counts.received, icon: CheckCircle2, tone: 'green' },
          { label: 'Total Cost', value: formatMoney(project.totalCost), icon: DollarSign, tone: 'yellow' },
        ]}
      />
      <DamageReports reports={project.damageReports ?? []} />
      <Columns>
        <Card>
          <ItemsHeader>
            <CardTitle as="h2">{PROJECT_ITEMS_HEADING}</CardTitle>
            {delivery.canBook ? (
              <Button $variant="outline" $size="sm" disabled={delivery.chosen.length === 0} title={delivery.chosen.length ? undefined : 'Select received or stored items to deliver'} onClick={() => setBooking(true)}>
                <Truck aria-hidden />
                Request delivery{delivery.chosen.length ? ` (${delivery.chosen.length})` : ''}
              </Button>
            ) : null}
          </ItemsHeader>
          <CardContent>
            {project.items.length === 0 ? (
              <EmptyState
                icon={PackageOpen}
                title="No items added yet"
                text="Add the pieces ordered for this project to track them from order to delivery."
                action={
                  <Button onClick={() => setAdding(true)}>
                    <Plus aria-hidden />
                    Add First Item
                  </Button>
                }
              />
            ) : (
              <ProjectItemsList items={project.items} highlightId={searchParams.get('item')} selection={delivery.selection} />
            )}
          </CardContent>
        </Card>
        <Side>
          <ProjectSummary project={project} counts={counts} onGenerateInvoice={() => navigate(`/billing?create=${encodeURIComponent(project.id)}`)} />
          <ClientLink project={project} />
          <ProjectMembers project={project} />
          <PurchaseOrders projectId={project.id} canImport={canOnProject(project.access, 'editItems')} />
        </Side>
      </Columns>
      <ProjectDeliveries projectId={project.id} />
      <AddItemDialog projectId={project.id} open={adding} onOpenChange={setAdding} />
      <Suspense fallback={null}>
        {booking && delivery.chosen.length ? <RequestDelivery items={delivery.chosen} project={project} onClose={() => setBooking(false)} onRequested={delivery.clear} /> : null}
      </Suspense>
    </PageStack>
  );
}

/** Project detail (/projects/{id}). A project that does not exist or is not the caller's answers 404: 'Project not found'. */
export default function ProjectDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, isLoading, error, refetch, isFetching } = useProjectDetail(id);
  if (isLoading) return <ProjectDetailSkeleton />;
  if (data) return <ProjectView project={data} />;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  if (notFound || !error) return <ProjectNotFound />;
  return (
    <Card role="alert">
      <EmptyState
        icon={AlertTriangle}
        title="The project could not be loaded"
        text="Please try again in a moment."
        action={
          <Button $variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            <RotateCw aria-hidden />
            Retry
          </Button>
        }
      />
    </Card>
  );
}
