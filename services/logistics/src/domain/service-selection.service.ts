import { randomUUID } from 'node:crypto';
import { currentRequestId, forbidden, notFound, type Caller, type CatchUp } from '@midway/service-kit';
import {
  canOnProject,
  isUuid,
  MEMBER_ROLES,
  SERVICE_TYPE_LABELS,
  type BulkServicesBody,
  type ListServicesQuery,
  type Service,
  type ServicesSummary,
  type SearchResult,
  type ServicesSummaryQuery,
} from '@midway/contracts';
import type { ChangedService, ServiceFilter, ServiceRow } from '../data/service.repository';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import { decodeCursor, encodeCursor } from './cursor';
import { accessFor, EDITING_ROLES } from './logistics-access';
import { logisticsEvents } from './logistics-events';
import { typesMatching } from './service-types';

/** Services in one search answer (the gateway merges it with catalog's projects and items). */
const SEARCH_RESULTS = 20;

const toService = (r: ServiceRow): Service => ({ ...r, label: SERVICE_TYPE_LABELS[r.type] });

function filterOf(q: Pick<ServicesSummaryQuery, 'q' | 'type' | 'selected' | 'projectId'>): ServiceFilter {
  return { ...q, q: q.q || undefined, qTypes: q.q ? typesMatching(q.q) : undefined };
}

/** Per-item services: the ones a caller may see (list, summary, search), and selecting them where their role lets them edit items. */
export class ServiceSelectionService {
  constructor(
    private readonly uow: UnitOfWork,
    /** Asks catalog about a project logistics has not seen yet (or a membership) before answering 404. */
    private readonly catchUp: CatchUp,
  ) {}

  async list(caller: Caller, q: ListServicesQuery): Promise<{ services: Service[]; nextCursor?: string }> {
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    const page = await this.uow.read.services.list(caller, filterOf(q), q.limit, after);
    return { services: page.rows.map(toService), nextCursor: page.more && page.last ? encodeCursor(page.last) : undefined };
  }

  async summary(caller: Caller, q: ServicesSummaryQuery): Promise<ServicesSummary> {
    // editable=true: only what Bulk Actions would change (the same roles as bulk), so its confirmation is exact.
    const s = await this.uow.read.services.summary(caller, filterOf(q), q.editable ? EDITING_ROLES : undefined);
    return { total: s.total, selected: s.selected, available: s.total - s.selected, selectedValue: s.selectedValue, totalValue: s.totalValue, availableValue: s.availableValue };
  }

  /** The services half of the global search: services whose item, project or type label matches. */
  async search(caller: Caller, q: string): Promise<SearchResult[]> {
    const page = await this.uow.read.services.list(caller, filterOf({ q }), SEARCH_RESULTS);
    return page.rows.map((s) => ({
      type: 'service',
      id: s.id,
      title: `${SERVICE_TYPE_LABELS[s.type]} · ${s.itemName ?? 'Unknown Item'}`,
      subtitle: s.projectName ?? 'Unknown Project',
      url: `/services?q=${encodeURIComponent(s.itemName ?? '')}`,
    }));
  }

  /**
   * Selecting what is already selected changes nothing and publishes nothing. One statement changes a service
   * the caller may change and writes its event (ServiceRepository.setSelectedInOneStatement); one it finds
   * nothing to change for (not there, not reached yet, or not the caller's to change) goes the transactional way,
   * which says why (404, 403) or first asks catalog about a project logistics has not heard of.
   */
  async setSelected(caller: Caller, id: string, selected: boolean): Promise<Service> {
    if (isUuid(id)) {
      const changedAt = new Date().toISOString();
      const event = { ...logisticsEvents.serviceChosenSql(selected, randomUUID(), caller.userId, changedAt), at: changedAt, requestId: currentRequestId() ?? null };
      const done = await this.uow.oneStatement(async (r) => {
        const outcome = await r.services.setSelectedInOneStatement(caller, id, selected, EDITING_ROLES, event);
        return { result: outcome, eventIds: outcome?.changed === true ? [event.id] : [] };
      });
      if (done) return toService(done.row);
    }
    return this.catchUp.retrying(() => this.uow.run(async (r) => {
      const service = isUuid(id) ? await r.services.find(id) : null;
      await accessFor(r, caller, service?.projectId, 'editItems', { missing: 'Service not found', changing: 'services' });
      if (!service) throw notFound('Service not found');
      const changed = await r.services.setSelected(id, selected);
      if (changed) await publish(r, caller, [changed], selected);
      return toService({ ...service, selected });
    }));
  }

  /** Bulk Actions: every service the filter shows that the caller may change; `updated` counts real changes. */
  async bulk(caller: Caller, body: BulkServicesBody): Promise<{ updated: number }> {
    return this.catchUp.retrying(() => this.uow.run(async (r) => {
      if (body.filter.projectId) await accessFor(r, caller, body.filter.projectId, 'editItems', { missing: 'Project not found', changing: 'services' });
      const changed = await r.services.setSelectedWhere(caller, filterOf(body.filter), EDITING_ROLES, body.selected);
      await publish(r, caller, changed, body.selected);
      return { updated: changed.length };
    }));
  }
}

async function publish(r: Repos, caller: Caller, changed: ChangedService[], selected: boolean) {
  const changedAt = new Date().toISOString();
  if (changed.length === 0) return;
  await r.outbox.add(...changed.map((c) => logisticsEvents.serviceChosen(selected, c, caller.userId, changedAt)));
}
