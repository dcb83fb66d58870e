import path from 'node:path';
import type { Logger } from 'pino';
import { answerOwnerQueries, catchUpOverBus, startServiceRuntime } from '@midway/service-kit';
import { IMPORT_KEY_RETENTION_DAYS } from '@midway/contracts';
import type { CatalogConfig } from './config';
import { createDb, SCHEMA } from './data/prisma-client';
import { UnitOfWork } from './data/unit-of-work';
import { DashboardService } from './domain/dashboard.service';
import { ItemService } from './domain/item.service';
import { MemberService } from './domain/member.service';
import { ProjectService } from './domain/project.service';
import { RepublishService } from './domain/republish.service';
import { SearchService } from './domain/search.service';
import { consumeBillingCosts } from './events/billing-costs.consumer';
import { consumeIdentityUsers } from './events/identity-users.consumer';
import { applyUserEvent } from './domain/user-directory.service';
import { consumeLogisticsPhotos } from './events/logistics-photos.consumer';
import { consumeLogisticsDamage } from './events/logistics-damage.consumer';
import { consumeLogisticsReceiving } from './events/logistics-receiving.consumer';
import { consumeLogisticsDeliveries } from './events/logistics-deliveries.consumer';
import { applyLogisticsUpload, consumeLogisticsUploads } from './events/logistics-uploads.consumer';
import { consumeLogisticsShipments } from './events/logistics-shipments.consumer';
import { dashboardRoutes } from './routes/dashboard.routes';
import { itemRoutes } from './routes/item.routes';
import { answerItemImports } from './routes/item-import.responder';
import { memberRoutes } from './routes/member.routes';
import { InvitationMailer } from './mail/invitation.mailer';
import { projectRoutes, sharedRoutes } from './routes/project.routes';
import { searchRoutes } from './routes/search.routes';

export const PRISMA_DIR = path.resolve(__dirname, '..', 'prisma');

/** Composition root of the catalog service. */
export async function startCatalog(config: CatalogConfig, logger: Logger, port = config.CATALOG_PORT) {
  const rt = await startServiceRuntime({
    name: SCHEMA,
    config,
    prismaDir: PRISMA_DIR,
    logger,
    createDb,
    consumes: ['identity', 'logistics', 'billing'],
    // Bulk import bodies may carry thousands of rows. An Idempotency-Key's stored answer is replayed to those who still reach its projects.
    bodyLimit: '10mb', replayReach: (caller, ids) => projects.stillReach(caller, ids),
  });
  const uow = new UnitOfWork(rt.db, () => rt.relay.nudge(), rt.readPool, (err) => logger.warn({ err }, 'pruning item_list_changes failed; retried on a later page'));
  rt.onStop((await consumeIdentityUsers(rt.bus, uow, logger)).stop);
  rt.onStop((await consumeLogisticsPhotos(rt.bus, uow, logger)).stop);
  // The warehouse's findings: arrivals and inspections on items, damage reports on projects.
  rt.onStop((await consumeLogisticsReceiving(rt.bus, uow, logger)).stop);
  rt.onStop((await consumeLogisticsDamage(rt.bus, uow, logger)).stop);
  // Deliveries: the client page's list, the history, and the delivered items.
  rt.onStop((await consumeLogisticsDeliveries(rt.bus, uow, logger)).stop);
  rt.onStop((await consumeLogisticsUploads(rt.bus, uow, logger)).stop);
  // A vendor's acknowledgement of an imported purchase order: tracking numbers for its items that have none.
  rt.onStop((await consumeLogisticsShipments(rt.bus, uow, logger)).stop);
  rt.onStop((await consumeBillingCosts(rt.bus, uow, logger)).stop);
  // Another service's read model asks before it answers 404 for a project or item it has not seen yet.
  const republish = new RepublishService(uow);
  const questions = answerOwnerQueries(rt.bus, logger, { 'catalog.project': (id) => republish.project(id), 'catalog.item': (id) => republish.item(id) });
  rt.onStop(questions.stop);

  const projects = new ProjectService(uow);
  const mailer = new InvitationMailer(config.SMTP_URL, { from: config.MAIL_FROM, logger });
  rt.onStop(() => mailer.stop());
  rt.app.use(sharedRoutes(projects));
  rt.app.use(projectRoutes(projects));
  const users = catchUpOverBus(rt.bus, logger, (e) => uow.once(e, (r) => applyUserEvent(r, e))); // asked before refusing a just-verified invitee
  rt.app.use(memberRoutes(new MemberService(uow, mailer, config.PUBLIC_URL, users)));
  // Before refusing a photo it has not heard of on an item, catalog asks logistics who uploaded it.
  const items = new ItemService(uow, catchUpOverBus(rt.bus, logger, applyLogisticsUpload(uow)));
  rt.app.use(itemRoutes(items));
  // Logistics imports a purchase order's lines as items, once per document (its import key).
  rt.onStop(answerItemImports(rt.bus, logger, items).stop);
  rt.housekeeping.add('import keys', 60 * 60_000, () => uow.run((r) => r.itemImports.pruneKeys(IMPORT_KEY_RETENTION_DAYS)));
  rt.app.use(dashboardRoutes(new DashboardService(uow)));
  rt.app.use(searchRoutes(new SearchService(uow)));

  const running = await rt.listen(port, config.HOST);
  return { ...running, db: rt.db, relay: rt.relay, housekeeping: rt.housekeeping };
}
