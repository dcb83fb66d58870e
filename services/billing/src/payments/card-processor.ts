import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { BillingConfig } from '../config';
import type { UnitOfWork } from '../data/unit-of-work';
import { startOfflineProcessor } from '../test-processor/offline-processor';
import { stripeProcessor } from './payment-processor';

/** The signing key whose secret the offline processor's webhooks are signed with when no webhook secret is set. */
export const OFFLINE_WEBHOOK_KEY_NAME = 'test-processor-webhooks';

/**
 * Card payments: Stripe when a key is configured. Without one the offline processor (test equipment) stands in
 * behind the same SDK — never with NODE_ENV=production, where a forgotten key leaves card payments off instead.
 */
export async function startCardProcessor(config: BillingConfig, logger: Logger, uow: UnitOfWork, ownWebhookUrl: () => string) {
  const testMode = !config.STRIPE_SECRET_KEY && config.NODE_ENV !== 'production';
  // Offline, every replica signs and checks the stand-in's webhooks with one secret kept in billing's schema (as
  // Stripe has one per endpoint), so a webhook that reaches another replica than the confirming one is still verified.
  const shared = testMode && !config.STRIPE_WEBHOOK_SECRET ? await uow.run((r) => r.signingKeys.getOrCreate(OFFLINE_WEBHOOK_KEY_NAME)) : null;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? `whsec_${(shared ?? randomBytes(24)).toString('hex')}`;
  const offline = testMode ? await startOfflineProcessor({ uow, webhookSecret, webhookUrl: () => config.BILLING_WEBHOOK_URL ?? ownWebhookUrl(), logger }) : null;
  const processor = stripeProcessor({ secretKey: config.STRIPE_SECRET_KEY ?? 'sk_test_offline', webhookSecret, testMode, host: offline?.host });
  return { testMode, webhookSecret, offline, processor };
}
