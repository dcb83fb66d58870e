import type { Pool } from 'pg';
import { UnitOfWork as KitUnitOfWork, ProjectAccessRepository, type Outbox } from '@midway/service-kit';
import { ItemRepository } from './item.repository';
import { ServiceRepository } from './service.repository';
import { UploadRepository } from './upload.repository';
import { SCHEMA, type Client, type Db, type Prisma } from './prisma-client';

export interface Repos {
  /** The kit's project-access read model: who reaches each project (owner, members), its name and client link. */
  access: ProjectAccessRepository;
  items: ItemRepository;
  services: ServiceRepository;
  uploads: UploadRepository;
  /** Events written with the change, published by the relay after commit. */
  outbox: Outbox;
}

function reposFor(client: Client, reader?: Pool): Omit<Repos, 'outbox'> {
  return { access: new ProjectAccessRepository(client), items: new ItemRepository(client), services: new ServiceRepository(client, reader), uploads: new UploadRepository(client) };
}

/**
 * Logistics' repositories bound to the kit's unit of work: `read` outside a transaction, `run` inside one,
 * `once` for a consumer's effect with its inbox record.
 */
export class UnitOfWork extends KitUnitOfWork<Prisma.TransactionClient, Omit<Repos, 'outbox'>> {
  constructor(
    db: Db,
    afterCommit: () => void = () => undefined,
    /** A plain pg pool for the hot read-only queries outside transactions (the services list). */
    reader?: Pool,
  ) {
    super({ db, schema: SCHEMA, repos: (client, { inTransaction }) => reposFor(client as Client, inTransaction ? undefined : reader), afterCommit });
  }
}
