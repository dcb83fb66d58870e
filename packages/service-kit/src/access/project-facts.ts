import type { EventEnvelope, EventType } from '@midway/contracts';
import type { ProjectAccessRepository } from './project-access.repository';

type Event<T extends EventType> = EventEnvelope<T>;

/** Catalog's project events, which every service keeping the project-access read model applies the same way. */
export const PROJECT_FACT_TYPES = [
  'catalog.project.created.v1',
  'catalog.project.updated.v1',
  'catalog.project.snapshot.v1',
  'catalog.project.shared.v1',
  'catalog.project.member-added.v1',
  'catalog.project.member-removed.v1',
] as const satisfies readonly EventType[];

/**
 * Applies one of catalog's project events to the read model and returns true; any other event is left to
 * the caller (false). Every effect is idempotent (a fact older than the one applied changes nothing), so
 * redelivered and republished events are harmless.
 */
export async function applyProjectFact(repo: Pick<ProjectAccessRepository, 'recordProject' | 'setMember' | 'replaceMembers'>, event: EventEnvelope): Promise<boolean> {
  switch (event.type) {
    case 'catalog.project.created.v1': {
      const d = (event as Event<'catalog.project.created.v1'>).data;
      await repo.recordProject({ projectId: d.projectId, ownerId: d.designerId, at: d.createdAt, name: d.name, clientName: d.clientName, clientEmail: d.clientEmail });
      return true;
    }
    case 'catalog.project.updated.v1': {
      const d = (event as Event<'catalog.project.updated.v1'>).data;
      await repo.recordProject({ projectId: d.projectId, ownerId: d.ownerId, at: d.changedAt, name: d.name, clientName: d.clientName, clientEmail: d.clientEmail });
      return true;
    }
    case 'catalog.project.snapshot.v1': {
      const d = (event as Event<'catalog.project.snapshot.v1'>).data;
      await repo.recordProject({ projectId: d.projectId, ownerId: d.ownerId, at: d.changedAt, name: d.name, clientName: d.clientName, clientEmail: d.clientEmail, shareToken: d.shareToken });
      await repo.replaceMembers(d.projectId, d.members, d.changedAt);
      return true;
    }
    case 'catalog.project.shared.v1': {
      const d = (event as Event<'catalog.project.shared.v1'>).data;
      await repo.recordProject({ projectId: d.projectId, ownerId: d.ownerId, at: d.changedAt, shareToken: d.shareToken });
      return true;
    }
    case 'catalog.project.member-added.v1':
    case 'catalog.project.member-removed.v1': {
      const d = (event as Event<'catalog.project.member-added.v1'>).data;
      await repo.recordProject({ projectId: d.projectId, ownerId: d.ownerId, at: d.changedAt });
      await repo.setMember(d.projectId, d.userId, d.role, event.type === 'catalog.project.member-added.v1', d.changedAt);
      return true;
    }
    default:
      return false;
  }
}
