import type { Caller } from '@midway/service-kit';
import type { Activity, DashboardProjectsQuery, DashboardStats, ProjectPage } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';

export class DashboardService {
  constructor(private readonly uow: UnitOfWork) {}

  stats(caller: Caller): Promise<DashboardStats> {
    return this.uow.read.stats.dashboard(caller);
  }

  /** The dashboard's projects a page at a time (an admin reaches thousands). */
  async projects(caller: Caller, q: DashboardProjectsQuery): Promise<ProjectPage> {
    const { projects, total } = await this.uow.read.projects.page(caller, q.limit, q.offset, q.status);
    return { projects, total, limit: q.limit, offset: q.offset };
  }

  activities(caller: Caller, limit: number): Promise<Activity[]> {
    return this.uow.read.activities.recent(caller, limit);
  }
}
