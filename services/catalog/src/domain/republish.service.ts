import type { EventEnvelope } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { itemEvents } from './item-events';
import { projectEvents } from './project-events';

/** Items read and written to the outbox per transaction: 25 import batches. */
const PAGE = 5000;

export interface RepublishResult {
  projects: number;
  items: number;
  events: number;
}

/**
 * The way back for a service that starts after catalog's events (JetStream keeps 30 days) or lost its read
 * model: every project as a `catalog.project.snapshot.v1` (fields, owner, client link, members) and every item
 * as `catalog.items.imported.v1` batches, written to the outbox and published by catalog's relay in order.
 * Consumers apply them idempotently (snapshots by their time, items by id), so running it twice is harmless.
 */
export class RepublishService {
  constructor(private readonly uow: UnitOfWork) {}

  async run(opts: { projectIds?: string[] } = {}): Promise<RepublishResult> {
    const result: RepublishResult = { projects: 0, items: 0, events: 0 };
    const projects = await this.uow.read.republish.projects(opts.projectIds);
    for (const p of projects) {
      // The state as read now: a later live fact (newer changedAt) still wins over this snapshot.
      const snapshot = projectEvents.snapshot(p);
      await this.uow.run((r) => r.outbox.add(snapshot));
      result.projects++;
      result.events++;
      let afterId: string | undefined;
      for (;;) {
        const items = await this.uow.read.republish.items(p.id, PAGE, afterId);
        if (items.length === 0) break;
        const batches = itemEvents.imported(items, p.id, p.ownerId);
        await this.uow.run((r) => r.outbox.add(...batches));
        result.items += items.length;
        result.events += batches.length;
        afterId = items[items.length - 1]!.id;
        if (items.length < PAGE) break;
      }
    }
    return result;
  }

  /**
   * A project as republish would publish it (its snapshot, with members), for a read model that has not seen it
   * yet; none when it does not exist.
   */
  async project(id: string): Promise<EventEnvelope[]> {
    const snapshot = await this.snapshotOf(id);
    return snapshot ? [snapshot.event] : [];
  }

  /** An item as republish would publish it, after its project's snapshot (the asker may lack both). */
  async item(id: string): Promise<EventEnvelope[]> {
    const item = await this.uow.read.republish.item(id);
    const snapshot = item ? await this.snapshotOf(item.projectId) : null;
    return item && snapshot ? [snapshot.event, ...itemEvents.imported([item], snapshot.project.id, snapshot.project.ownerId)] : [];
  }

  /** Stamped before the read, so a change committed after it (its fact stamped later) still wins when its live event arrives. */
  private async snapshotOf(projectId: string) {
    const at = new Date().toISOString();
    const [project] = await this.uow.read.republish.projects([projectId]);
    return project ? { project, event: projectEvents.snapshot(project, at) } : null;
  }
}
