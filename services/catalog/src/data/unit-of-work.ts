import type { Pool } from 'pg';
import { UnitOfWork as KitUnitOfWork, type Outbox } from '@midway/service-kit';
import { ActivityRepository } from './activity.repository';
import { CostRepository } from './cost.repository';
import { ItemRepository } from './item.repository';
import { ItemImportRepository } from './item-import.repository';
import { ItemPageRepository } from './item-page.repository';
import { ItemPageCache } from './item-page.cache';
import { InvitationRepository } from './invitation.repository';
import { ItemPhotoRepository } from './item-photo.repository';
import { MemberRepository } from './member.repository';
import { ProductRepository } from './product.repository';
import { ProjectRepository } from './project.repository';
import { RepublishRepository } from './republish.repository';
import { SearchRepository } from './search.repository';
import { StatsRepository } from './stats.repository';
import { UserRepository } from './user.repository';
import { WarehouseRepository } from './warehouse.repository';
import { SCHEMA, type Client, type Db, type Prisma } from './prisma-client';

export interface Repos {
  projects: ProjectRepository;
  items: ItemRepository;
  itemPages: ItemPageRepository;
  itemImports: ItemImportRepository;
  activities: ActivityRepository;
  members: MemberRepository;
  invitations: InvitationRepository;
  users: UserRepository;
  products: ProductRepository;
  stats: StatsRepository;
  search: SearchRepository;
  republish: RepublishRepository;
  itemPhotos: ItemPhotoRepository;
  costs: CostRepository;
  /** What the warehouse found: receipts, inspections, damage reports. */
  warehouse: WarehouseRepository;
  /** Events written with the change, published by the relay after commit. */
  outbox: Outbox;
}

function reposFor(client: Client, reader?: Pool, pages?: ItemPageCache): Omit<Repos, 'outbox'> {
  return {
    projects: new ProjectRepository(client),
    items: new ItemRepository(client),
    itemPages: new ItemPageRepository(client, reader, pages),
    itemImports: new ItemImportRepository(client),
    activities: new ActivityRepository(client),
    members: new MemberRepository(client),
    invitations: new InvitationRepository(client),
    users: new UserRepository(client),
    products: new ProductRepository(client),
    stats: new StatsRepository(client, reader),
    search: new SearchRepository(client, reader),
    republish: new RepublishRepository(client),
    itemPhotos: new ItemPhotoRepository(client),
    costs: new CostRepository(client),
    warehouse: new WarehouseRepository(client),
  };
}

/**
 * Catalog's repositories bound to the kit's unit of work: `read` outside a transaction, `run` inside one,
 * where the change, its activity and its events commit or roll back together.
 */
export class UnitOfWork extends KitUnitOfWork<Prisma.TransactionClient, Omit<Repos, 'outbox'>> {
  private readonly single: Omit<Repos, 'outbox'>;

  constructor(
    db: Db,
    private readonly afterCommit: () => void = () => undefined,
    /** A plain pg pool for hot read-only queries outside transactions (optional). */
    reader?: Pool,
    onError?: (err: unknown) => void,
  ) {
    // One cache for the process: repositories are made per unit of work.
    const pages = reader ? new ItemPageCache(reader, undefined, onError) : undefined;
    super({
      db,
      schema: SCHEMA,
      repos: (client, { inTransaction }) => (inTransaction ? reposFor(client as Client) : reposFor(client as Client, reader, pages)),
      afterCommit,
    });
    this.single = reposFor(db as Client);
  }

  /**
   * A change that is one statement — its row, its history line and its events written by one data-modifying
   * CTE (ItemRepository.changeStatus) — run as Postgres runs any lone statement: a transaction of its own, with
   * no BEGIN, COMMIT or connection held between round trips. `work` says which events it wrote: the relay is
   * nudged then, as after run()'s commit.
   */
  async oneStatement<T>(work: (r: Omit<Repos, 'outbox'>) => Promise<{ result: T; eventIds: string[] }>): Promise<T> {
    const { result, eventIds } = await work(this.single);
    this.committedAlone(eventIds);
    return result;
  }
}
