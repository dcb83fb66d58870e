import type { Pool } from 'pg';
import { UnitOfWork as KitUnitOfWork, ProjectAccessRepository, type Outbox } from '@midway/service-kit';
import { ArrivalRepository } from './arrival.repository';
import { CountRepository } from './count.repository';
import { CustodyRepository } from './custody.repository';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryNoticeRepository } from './delivery-notice.repository';
import { InspectionRepository } from './inspection.repository';
import { ItemRepository } from './item.repository';
import { LoadRepository } from './load.repository';
import { LocationRepository } from './location.repository';
import { PurchaseOrderRepository } from './purchase-order.repository';
import { ScanRepository } from './scan.repository';
import { ServiceRepository } from './service.repository';
import { SigningKeyRepository } from './signing-key.repository';
import { UploadRepository } from './upload.repository';
import { UserRepository } from './user.repository';
import { SCHEMA, type Client, type Db, type Prisma } from './prisma-client';

export interface Repos {
  /** The kit's project-access read model: who reaches each project (owner, members), its name and client link. */
  access: ProjectAccessRepository;
  items: ItemRepository;
  services: ServiceRepository;
  uploads: UploadRepository;
  /** The receiving desk: its scan lookup, arrivals, inspections and damage reports. */
  scan: ScanRepository;
  arrivals: ArrivalRepository;
  inspections: InspectionRepository;
  /** Deliveries to the job site and the items on them. */
  deliveries: DeliveryRepository;
  /** Deliveries' e-mails until the SMTP server accepts them. */
  notices: DeliveryNoticeRepository;
  /** Delivery runs' load checks (pieces on the truck, items left behind) and pick lists. */
  loads: LoadRepository;
  /** Cycle counts of the warehouse's locations. */
  counts: CountRepository;
  /** The warehouse's places, and each item's custody (state, place, pieces) with its timeline. */
  locations: LocationRepository;
  custody: CustodyRepository;
  /** Vendors' purchase orders read from their PDFs, their lines and shipments. */
  purchaseOrders: PurchaseOrderRepository;
  /** Identity's users (names, e-mails). */
  users: UserRepository;
  signingKeys: SigningKeyRepository;
  /** Events written with the change, published by the relay after commit. */
  outbox: Outbox;
}

function reposFor(client: Client, reader?: Pool): Omit<Repos, 'outbox'> {
  return { access: new ProjectAccessRepository(client), items: new ItemRepository(client), services: new ServiceRepository(client, reader), uploads: new UploadRepository(client),
    scan: new ScanRepository(client, reader), arrivals: new ArrivalRepository(client), inspections: new InspectionRepository(client), deliveries: new DeliveryRepository(client), notices: new DeliveryNoticeRepository(client), loads: new LoadRepository(client), counts: new CountRepository(client), locations: new LocationRepository(client), custody: new CustodyRepository(client), purchaseOrders: new PurchaseOrderRepository(client), users: new UserRepository(client), signingKeys: new SigningKeyRepository(client),
  };
}

/**
 * Logistics' repositories bound to the kit's unit of work: `read` outside a transaction, `run` inside one,
 * `once` for a consumer's effect with its inbox record.
 */
export class UnitOfWork extends KitUnitOfWork<Prisma.TransactionClient, Omit<Repos, 'outbox'>> {
  private readonly single: Omit<Repos, 'outbox'>;

  constructor(
    db: Db,
    private readonly afterCommit: () => void = () => undefined,
    /** A plain pg pool for the hot read-only queries outside transactions (the services list). */
    reader?: Pool,
  ) {
    super({ db, schema: SCHEMA, repos: (client, { inTransaction }) => reposFor(client as Client, inTransaction ? undefined : reader), afterCommit });
    this.single = reposFor(db as Client);
  }

  /**
   * A change that is one statement — its row and its events written by one data-modifying CTE
   * (ServiceRepository.setSelectedInOneStatement) — run as Postgres runs any lone statement: a transaction of its
   * own, with no BEGIN, COMMIT or connection held between round trips. `work` says which events it wrote: the
   * relay is nudged then, as after run()'s commit.
   */
  async oneStatement<T>(work: (r: Omit<Repos, 'outbox'>) => Promise<{ result: T; eventIds: string[] }>): Promise<T> {
    const { result, eventIds } = await work(this.single);
    this.committedAlone(eventIds);
    return result;
  }
}
