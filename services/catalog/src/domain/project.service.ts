import { randomBytes } from 'node:crypto';
import { notFound, type Caller } from '@midway/service-kit';
import { isShareToken, photoKeyOf, projectStatusSchema, sharedPhotoPath, type CreateProjectBody, type Project, type ProjectDetail, type SharedProject, type ShareProjectBody, type UpdateProjectBody } from '@midway/contracts';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import { projectFor, reachesAll } from './project-access';
import { PROJECT_FIELDS, projectEvents } from './project-events';
import { activityText, clientActivityText } from './activity-text';
import { projectTotalCents } from './project-total';
import { fromCents } from '@midway/contracts/money';
import { inspectionOutcome } from './inspection-outcome';

const SHARE_TOKEN_BYTES = 24; // 192 bits from the CSPRNG, 32 URL-safe characters.
const CLIENT_ACTIVITY_LIMIT = 5;

export class ProjectService {
  constructor(private readonly uow: UnitOfWork) {}

  /** Whether the caller still reaches these projects: asked before an Idempotency-Key's stored answer is replayed. */
  stillReach(caller: Caller, ids: readonly string[]): Promise<boolean> {
    return reachesAll(this.uow.read, caller, ids);
  }

  list(caller: Caller): Promise<Project[]> {
    return this.uow.read.projects.list(caller);
  }

  create(caller: Caller, body: CreateProjectBody): Promise<Project> {
    return this.uow.run(async (r) => {
      const id = await r.projects.insert(caller.userId, body);
      const project = (await r.projects.findAccessible(caller, id))!;
      await r.activities.add({ projectId: id, itemId: null, type: 'project_created', description: activityText.projectCreated(project.name) });
      await r.outbox.add(projectEvents.created(project));
      return project;
    });
  }

  async detail(caller: Caller, id: string): Promise<ProjectDetail> {
    const r = this.uow.read;
    const project = await projectFor(r, caller, id, 'read');
    const [items, costs, damageReports] = await Promise.all([r.items.byProject(id), r.projects.costsOf(id), r.warehouse.damageReportsOf(id)]);
    const costRows = costs.map((c) => ({ id: c.id, projectId: c.projectId, itemId: c.itemId, type: c.type, amount: c.amount.toFixed(2), description: c.description, date: c.date.toISOString() }));
    return { ...project, items, costs: costRows, totalCost: fromCents(projectTotalCents(items, costRows)), damageReports };
  }

  /** One event per real change, computed from the locked row it replaces (concurrent edits queue). */
  update(caller: Caller, id: string, body: UpdateProjectBody): Promise<Project> {
    return this.uow.run(async (r) => {
      const before = await projectFor(r, caller, id, 'editProject', { lock: true });
      await r.projects.update(id, body);
      const after = (await r.projects.findAccessible(caller, id))!;
      const changed = PROJECT_FIELDS.filter((f) => before[f] !== after[f]);
      if (changed.length === 0) return after;
      if (before.status !== after.status) {
        await r.activities.add({ projectId: id, itemId: null, type: 'project_status', description: activityText.projectStatus(projectStatusSchema.parse(after.status)) });
      }
      await r.outbox.add(projectEvents.updated(after, changed));
      return after;
    });
  }

  /**
   * The client link's token. Asking again returns the same token: the client's link never changes under
   * them. `rotate` replaces it (after a member leaves, or a link went too far): the old link stops working
   * at once, and the new token is published as a shared event like the first.
   */
  share(caller: Caller, id: string, opts: ShareProjectBody = {}): Promise<{ shareToken: string }> {
    return this.uow.run(async (r) => {
      const project = await projectFor(r, caller, id, 'share', { lock: true });
      const candidate = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
      const { token, created, rotated } = opts.rotate ? await r.projects.replaceShareToken(id, candidate) : { ...(await r.projects.ensureShareToken(id, candidate)), rotated: false };
      if (!created && !rotated) return { shareToken: token };
      await r.activities.add({ projectId: id, itemId: null, type: 'project_shared', description: rotated ? activityText.projectLinkReset() : activityText.projectShared() });
      await r.outbox.add(projectEvents.shared(project, token, rotated));
      return { shareToken: token };
    });
  }

  /** The public client page: only what the client needs — no prices, notes or contact details. */
  async shared(token: string): Promise<SharedProject> {
    const r = this.uow.read;
    const project = isShareToken(token) ? await r.projects.findByShareToken(token) : null;
    if (!project) throw notFound('Project not found');
    const [items, activities, deliveries] = await Promise.all([r.items.byProject(project.id), r.activities.latestForClient(project.id, CLIENT_ACTIVITY_LIMIT), r.warehouse.deliveriesOf(project.id)]);
    return {
      name: project.name,
      location: project.location,
      clientName: project.clientName,
      status: project.status,
      installDate: project.installDate ? project.installDate.toISOString().slice(0, 10) : null,
      // The client page has no session, so /api/photos/{key} would be refused: it gets the share-token path.
      items: items.map((i) => {
        const photoKey = i.photoUrl ? photoKeyOf(i.photoUrl) : null;
        return {
          id: i.id, name: i.name, supplier: i.supplier, photoUrl: photoKey ? sharedPhotoPath(token, photoKey) : null, status: i.status, receivedAt: i.receivedAt, deliveredAt: i.deliveredAt,
          // Whether the warehouse inspected it and found damage; never its notes or photos.
          inspection: inspectionOutcome(i.inspection),
        };
      }),
      activities: activities.map((a) => ({ id: a.id, description: clientActivityText(a), createdAt: a.createdAt.toISOString() })),
      // Upcoming and past: the day, window, status and item names only.
      deliveries,
    };
  }
}
