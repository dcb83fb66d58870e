import type { Caller } from '@midway/service-kit';
import type { Activity, DashboardStats } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';

export class DashboardService {
  constructor(private readonly uow: UnitOfWork) {}

  stats(caller: Caller): Promise<DashboardStats> {
    return this.uow.read.stats.dashboard(caller);
  }

  activities(caller: Caller, limit: number): Promise<Activity[]> {
    return this.uow.read.activities.recent(caller, limit);
  }
}
