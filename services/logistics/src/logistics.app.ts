import path from 'node:path';
import type { Logger } from 'pino';
import { answerOwnerQueries, catchUpOverBus, startServiceRuntime } from '@midway/service-kit';
import type { LogisticsConfig } from './config';
import { createDb, SCHEMA } from './data/prisma-client';
import { ObjectStore } from './data/object-store';
import { UnitOfWork } from './data/unit-of-work';
import { PhotoService } from './domain/photo.service';
import { ServiceSelectionService } from './domain/service-selection.service';
import { UploadCleanup } from './domain/upload-cleanup.service';
import { DamageReports } from './domain/damage-reports.service';
import { systemClock, type Clock } from './domain/inspection-due';
import { ReceivingService } from './domain/receiving.service';
import { applyIdentityEvent, consumeIdentityFacts } from './events/identity.consumer';
import { DamageReportMailer } from './mail/damage-report.mailer';
import { DeliveryMailer } from './mail/delivery.mailer';
import { DeliveriesService } from './domain/deliveries.service';
import { DELIVERY_MAIL_SWEEP_MS, DeliveryNotices } from './domain/delivery-notices.service';
import { deliveryRoutes } from './routes/delivery.routes';
import { damagePhotoRoutes, receivingRoutes } from './routes/receiving.routes';
import { applyCatalogEvent, catalogCaughtUp, consumeCatalogFacts } from './events/catalog.consumer';
import { carrierRoutes } from './routes/carrier.routes';
import { photoRoutes, sharedPhotoRoutes } from './routes/photo.routes';
import { purchaseOrderRoutes } from './routes/purchase-order.routes';
import { servicePdfReader } from './domain/purchase-orders/pdf-reading.pool';
import { searchRoutes } from './routes/search.routes';
import { serviceRoutes } from './routes/service.routes';
import { loadRoutes } from './routes/load.routes';
import { countRoutes } from './routes/count.routes';
import { custodyRoutes } from './routes/custody.routes';
export const PRISMA_DIR = path.resolve(__dirname, '..', 'prisma');
/** Composition root of the logistics service; tests give the receiving desk a clock of their own (`opts.clock`). */
export async function startLogistics(config: LogisticsConfig, logger: Logger, port = config.LOGISTICS_PORT, opts: { clock?: Clock } = {}) {
  const rt = await startServiceRuntime({
    name: SCHEMA,
    config,
    prismaDir: PRISMA_DIR,
    logger,
    createDb,
    consumes: ['catalog', 'identity'],
    // Who reaches each project: the kit's read model, kept from catalog's project events.
    projectAccess: true,
  });
  const uow = new UnitOfWork(rt.db, () => rt.relay.nudge(), rt.readPool);
  const catalog = await consumeCatalogFacts(rt.bus, uow, logger);
  rt.onStop(catalog.stop);
  const identity = await consumeIdentityFacts(rt.bus, uow, logger);
  rt.onStop(identity.stop);
  // Before a 404 for a project or item it has not seen, logistics asks catalog (identity, before e-mailing the unknown).
  const catchUp = catchUpOverBus(rt.bus, logger, (event) => (event.type.startsWith('identity.') ? applyIdentityEvent(uow)(event) : applyCatalogEvent(uow)(event)));
  const services = new ServiceSelectionService(uow, catchUp);
  rt.app.use(serviceRoutes(services));
  rt.app.use(searchRoutes(services));
  rt.app.use(carrierRoutes());
  // Without an object store the photo calls answer 503 saying so; everything else works.
  const store = config.S3_ENDPOINT
    ? new ObjectStore({ endpoint: config.S3_ENDPOINT, accessKey: config.S3_ACCESS_KEY, secretKey: config.S3_SECRET_KEY, bucket: config.S3_BUCKET, region: config.S3_REGION })
    : null;
  await store?.ensureBucket();
  const photos = new PhotoService(uow, store, catchUp);
  rt.app.use(sharedPhotoRoutes(photos), photoRoutes(photos), purchaseOrderRoutes(uow, store, catchUp, rt.bus, { pdfs: servicePdfReader(config, rt.onStop), uploadsPerMinute: config.LOGISTICS_PO_UPLOADS_PER_MINUTE }));
  // Catalog asks who uploaded a photo it has not heard of yet before it refuses one on an item.
  rt.onStop(answerOwnerQueries(rt.bus, logger, { 'logistics.photo': (key) => photos.describe(key) }).stop);
  // The receiving desk, and its damage reports' e-mails (retried every minute) and signed photo links.
  const clock = opts.clock ?? systemClock;
  const damage = new DamageReports(uow, { mailer: new DamageReportMailer(config.SMTP_URL, config.MAIL_FROM), store, publicUrl: config.PUBLIC_URL, clock, logger, catchUp });
  rt.app.use(receivingRoutes(new ReceivingService(uow, clock, (id) => damage.dispatch(id), catchUp)), damagePhotoRoutes(damage));
  rt.housekeeping.add('unsent damage report e-mails', 60_000, () => damage.sweep());
  // Deliveries: designers book, staff pick, load and run them (the load check gates out); e-mails link the proof photos.
  const notices = new DeliveryNotices(uow, { mailer: new DeliveryMailer(config.SMTP_URL, config.MAIL_FROM), publicUrl: config.PUBLIC_URL, clock, logger, catchUp });
  rt.onStop(async () => void (await Promise.all([damage.stop(), notices.stop()])));
  rt.housekeeping.add('unsent delivery e-mails', DELIVERY_MAIL_SWEEP_MS, () => notices.sweep());
  rt.app.use(deliveryRoutes(new DeliveriesService(uow, catchUp, { clock, timeZone: config.LOGISTICS_TIME_ZONE, store, notify: (id, kind) => notices.dispatch(id, kind) })));
  rt.app.use(loadRoutes(uow, { clock, onStop: rt.onStop }), countRoutes(uow, { clock }), custodyRoutes(uow, catchUp, { clock, onStop: rt.onStop, store }));
  if (store) {
    const cleanup = new UploadCleanup(uow, store, () => catalogCaughtUp(rt.bus));
    rt.housekeeping.add('abandoned photo uploads', 30 * 60_000, () => cleanup.run());
  }
  return { ...(await rt.listen(port, config.HOST)), db: rt.db, relay: rt.relay, housekeeping: rt.housekeeping };
}
