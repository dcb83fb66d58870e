import { makeEvent } from '@midway/service-kit';
import { projectStatusSchema, type MemberRole, type Project } from '@midway/contracts';

/** Project fields a consumer keeps, compared before and after an edit. */
export const PROJECT_FIELDS = ['name', 'clientName', 'clientEmail', 'location', 'status', 'installDate'] as const;

/** The catalog events about a project, its members and its client link (contracts: events/catalog). */
export const projectEvents = {
  created: (project: Project) =>
    makeEvent('catalog.project.created.v1', {
      projectId: project.id,
      designerId: project.createdById,
      name: project.name,
      clientName: project.clientName,
      clientEmail: project.clientEmail,
      location: project.location,
      status: projectStatusSchema.parse(project.status),
      createdAt: project.createdAt,
    }),
  updated: (after: Project, changedFields: string[]) =>
    makeEvent('catalog.project.updated.v1', {
      projectId: after.id,
      ownerId: after.createdById,
      name: after.name,
      clientName: after.clientName,
      clientEmail: after.clientEmail,
      location: after.location,
      status: projectStatusSchema.parse(after.status),
      installDate: after.installDate,
      changedFields,
      changedAt: after.updatedAt,
    }),
  memberAdded: (project: Project, userId: string, role: MemberRole, byUserId: string) =>
    makeEvent('catalog.project.member-added.v1', { projectId: project.id, ownerId: project.createdById, userId, role, byUserId, changedAt: new Date().toISOString() }),
  memberRemoved: (project: Project, userId: string, role: MemberRole, byUserId: string) =>
    makeEvent('catalog.project.member-removed.v1', { projectId: project.id, ownerId: project.createdById, userId, role, byUserId, changedAt: new Date().toISOString() }),
  shared: (project: Project, shareToken: string, rotated: boolean) =>
    makeEvent('catalog.project.shared.v1', { projectId: project.id, ownerId: project.createdById, shareToken, rotated, changedAt: new Date().toISOString() }),
};
