import { UnitOfWork as KitUnitOfWork, ProjectAccessRepository, type Outbox } from '@midway/service-kit';
import { BillableEventRepository } from './billable-event.repository';
import { BillingCycleRepository } from './billing-cycle.repository';
import { CustodyRepository } from './custody.repository';
import { InvoiceRepository } from './invoice.repository';
import { InvoiceGenerationRepository } from './invoice-generation.repository';
import { ItemRepository } from './item.repository';
import { PaymentRepository } from './payment.repository';
import { RateRepository } from './rate.repository';
import { SigningKeyRepository } from './signing-key.repository';
import { TaxRateRepository } from './tax-rate.repository';
import { TestProcessorRepository } from './test-processor.repository';
import { UserRepository } from './user.repository';
import { SCHEMA, type Client, type Db, type Prisma } from './prisma-client';

export interface Repos {
  /** The kit's project-access read model: who reaches each project (owner, members), its name and client. */
  access: ProjectAccessRepository;
  users: UserRepository;
  items: ItemRepository;
  /** The warehouse's custody of items (logistics' facts): what the fee rules read. */
  custody: CustodyRepository;
  rates: RateRepository;
  taxRates: TaxRateRepository;
  events: BillableEventRepository;
  invoices: InvoiceRepository;
  cycles: BillingCycleRepository;
  generation: InvoiceGenerationRepository;
  payments: PaymentRepository;
  signingKeys: SigningKeyRepository;
  /** The offline test processor's intents, charges and webhook events (test mode only). */
  testProcessor: TestProcessorRepository;
  /** Events written with the change, published by the relay after commit. */
  outbox: Outbox;
}

function reposFor(client: Client): Omit<Repos, 'outbox'> {
  return {
    access: new ProjectAccessRepository(client),
    users: new UserRepository(client),
    items: new ItemRepository(client),
    custody: new CustodyRepository(client),
    rates: new RateRepository(client),
    taxRates: new TaxRateRepository(client),
    events: new BillableEventRepository(client),
    invoices: new InvoiceRepository(client),
    cycles: new BillingCycleRepository(client),
    generation: new InvoiceGenerationRepository(client),
    payments: new PaymentRepository(client),
    signingKeys: new SigningKeyRepository(client),
    testProcessor: new TestProcessorRepository(client),
  };
}

/**
 * Billing's repositories bound to the kit's unit of work: `read` outside a transaction, `run` inside one,
 * `once` for a consumer's effect with its inbox record.
 */
export class UnitOfWork extends KitUnitOfWork<Prisma.TransactionClient, Omit<Repos, 'outbox'>> {
  constructor(db: Db, afterCommit: () => void = () => undefined) {
    super({ db, schema: SCHEMA, repos: (client) => reposFor(client as Client), afterCommit });
  }
}
