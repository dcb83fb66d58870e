import type { Pool } from 'pg';
import { enqueueEvents } from '@midway/service-kit';
import type { EventEnvelope } from '@midway/contracts';
import { ActivityRepository } from './activity.repository';
import { ItemRepository } from './item.repository';
import { MemberRepository } from './member.repository';
import { ProductRepository } from './product.repository';
import { ProjectRepository } from './project.repository';
import { SearchRepository } from './search.repository';
import { StatsRepository } from './stats.repository';
import { UserRepository } from './user.repository';
import { SCHEMA, type Client, type Db } from './prisma-client';

export interface Repos {
  projects: ProjectRepository;
  items: ItemRepository;
  activities: ActivityRepository;
  members: MemberRepository;
  users: UserRepository;
  products: ProductRepository;
  stats: StatsRepository;
  search: SearchRepository;
  /** Events written with the change, published by the relay after commit. */
  outbox: { add(...events: EventEnvelope[]): Promise<void> };
}

function reposFor(client: Client, reader?: Pool): Repos {
  return {
    projects: new ProjectRepository(client),
    items: new ItemRepository(client, reader),
    activities: new ActivityRepository(client),
    members: new MemberRepository(client),
    users: new UserRepository(client),
    products: new ProductRepository(client),
    stats: new StatsRepository(client),
    search: new SearchRepository(client),
    outbox: {
      add: (...events) => enqueueEvents(client, SCHEMA, events),
    },
  };
}

/**
 * Repositories outside a transaction (`read`) and inside one (`run`): everything a use case writes in
 * `run` — the change, its activity, its events — commits or rolls back together.
 */
export class UnitOfWork {
  readonly read: Repos;

  constructor(
    private readonly db: Db,
    private readonly afterCommit: () => void = () => undefined,
    /** A plain pg pool for hot read-only queries outside transactions (optional). */
    reader?: Pool,
  ) {
    this.read = reposFor(db, reader);
  }

  /** For consumers that also need the raw transaction (inbox records). */
  async runRaw<T>(work: (tx: Client, r: Repos) => Promise<T>): Promise<T> {
    return this.db.$transaction((tx) => work(tx, reposFor(tx)), { timeout: 30_000 });
  }

  async run<T>(work: (r: Repos) => Promise<T>): Promise<T> {
    const out = await this.db.$transaction((tx) => work(reposFor(tx)), { timeout: 60_000, maxWait: 10_000 });
    this.afterCommit();
    return out;
  }
}
