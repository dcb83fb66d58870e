import path from 'node:path';
import type { Logger } from 'pino';
import { catchUpOverBus, startServiceRuntime } from '@midway/service-kit';
import type { BillingConfig } from './config';
import { createDb, SCHEMA } from './data/prisma-client';
import { UnitOfWork } from './data/unit-of-work';
import { invoicePdfRenderer } from './documents/invoice-pdf.pool';
import { AutomaticBillingService } from './domain/automatic-billing.service';
import { InvoiceService } from './domain/invoice.service';
import { PayLinkService } from './domain/pay-link.service';
import { PaymentService } from './domain/payment.service';
import { RatesService } from './domain/rates.service';
import { TaxRatesService } from './domain/tax-rates.service';
import { applyCatalogEvent, consumeCatalogFacts } from './events/catalog.consumer';
import { consumeIdentityFacts } from './events/identity.consumer';
import { consumeLogisticsFacts } from './events/logistics.consumer';
import { startBillingJobs } from './jobs/billing.jobs';
import { Mailer } from './mail/mailer';
import { startCardProcessor } from './payments/card-processor';
import { automaticBillingRoutes } from './routes/automatic-billing.routes';
import { invoiceRoutes } from './routes/invoice.routes';
import { payLinkRoutes } from './routes/pay-link.routes';
import { paymentRoutes, webhookRoutes } from './routes/payment.routes';
import { rateRoutes } from './routes/rate.routes';
import { taxRateRoutes } from './routes/tax-rate.routes';
import { testProcessorRoutes } from './test-processor/test-processor.routes';

export const PRISMA_DIR = path.resolve(__dirname, '..', 'prisma');
export const WEBHOOK_PATH = '/api/billing/webhook';

/** Composition root of the billing service. */
export async function startBilling(config: BillingConfig, logger: Logger, port = config.BILLING_PORT) {
  const rt = await startServiceRuntime({
    name: SCHEMA,
    config,
    prismaDir: PRISMA_DIR,
    logger,
    createDb,
    consumes: ['catalog', 'identity', 'logistics'],
    // Who reaches each project, and whom to bill: the kit's read model, kept from catalog's project events.
    projectAccess: true,
    rawBodyPaths: [WEBHOOK_PATH],
  });
  const tz = config.BILLING_TIME_ZONE;
  let selfUrl = '';
  const uow = new UnitOfWork(rt.db, () => rt.relay.nudge());
  const { testMode, webhookSecret, offline, processor } = await startCardProcessor(config, logger, uow, () => `${selfUrl}${WEBHOOK_PATH}`);
  if (offline) rt.onStop(offline.stop);
  for (const consume of [consumeCatalogFacts, consumeIdentityFacts, consumeLogisticsFacts]) rt.onStop((await consume(rt.bus, uow, logger, tz)).stop);
  // Before a 404 for a project it has not seen, billing asks catalog (identity, before a receipt to an unknown owner).
  const catchUp = catchUpOverBus(rt.bus, logger, applyCatalogEvent(uow, tz));

  const mailer = config.SMTP_URL ? new Mailer(config.SMTP_URL, config.MAIL_FROM) : null;
  if (mailer) rt.onStop(async () => mailer.close());
  const mail = mailer ? (m: Parameters<Mailer['send']>[0]) => mailer.send(m) : null;
  // The invoice e-mail's pay link, its public page's calls, and the receipts after a payment.
  const payLinks = new PayLinkService(uow, { publicUrl: config.PUBLIC_URL, tz, testMode, mail, onError: (err, what) => logger.error({ err }, `${what} failed`), catchUp });
  const invoices = new InvoiceService(uow, { tz, renderPdf: invoicePdfRenderer(rt.onStop), mail, catchUp, payUrl: (id) => payLinks.url(id) });
  // What a run marks sent is e-mailed as Send does it.
  const auto = new AutomaticBillingService(uow, { tz, deliver: (ids) => invoices.deliver(ids), logger });
  rt.onStop(() => auto.mailDelivered());
  const jobs = await startBillingJobs({ databaseUrl: config.DATABASE_URL, tz, auto, logger, schedule: config.BILLING_JOBS === 'on', runCounter: rt.metrics.jobRuns });
  rt.onStop(jobs.stop);

  const payments = new PaymentService(uow, processor, catchUp, (p) => payLinks.sendReceipt(p));

  rt.app.use(webhookRoutes(payments));
  // The offline processor's confirm route exists only where that processor runs.
  if (offline) rt.app.use(testProcessorRoutes(offline));
  rt.app.use(rateRoutes(new RatesService(uow, tz)));
  rt.app.use(automaticBillingRoutes(auto));
  rt.app.use(taxRateRoutes(new TaxRatesService(uow, tz)));
  rt.app.use(invoiceRoutes(invoices));
  rt.app.use(paymentRoutes(payments));
  rt.app.use(payLinkRoutes(payLinks, payments));

  const running = await rt.listen(port, config.HOST);
  selfUrl = running.url;
  return { ...running, db: rt.db, relay: rt.relay, jobs, auto, offline, webhookSecret };
}
