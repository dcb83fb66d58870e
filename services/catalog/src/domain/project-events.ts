import { makeEvent } from '@midway/service-kit';
import { projectStatusSchema, type MemberRole, type Project } from '@midway/contracts';

/** What a snapshot says about a project (read by the republish command). */
export interface ProjectSnapshot {
  id: string;
  ownerId: string;
  name: string;
  clientName: string;
  clientEmail: string | null;
  location: string;
  status: string;
  installDate: string | null;
  shareToken: string | null;
  members: { userId: string; role: MemberRole }[];
}

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
  /** The project as it is now with its complete member list (republish): the state as of `changedAt`. */
  snapshot: (p: ProjectSnapshot, changedAt = new Date().toISOString()) =>
    makeEvent('catalog.project.snapshot.v1', {
      projectId: p.id,
      ownerId: p.ownerId,
      name: p.name,
      clientName: p.clientName,
      clientEmail: p.clientEmail,
      location: p.location,
      status: projectStatusSchema.parse(p.status),
      installDate: p.installDate,
      shareToken: p.shareToken,
      members: p.members,
      changedAt,
    }),
  shared: (project: Project, shareToken: string, rotated: boolean) =>
    makeEvent('catalog.project.shared.v1', { projectId: project.id, ownerId: project.createdById, shareToken, rotated, changedAt: new Date().toISOString() }),
};
