import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { BillingConfig } from '../config';
import { startOfflineProcessor } from '../test-processor/offline-processor';
import { stripeProcessor } from './payment-processor';

/**
 * Card payments: Stripe when a key is configured. Without one the offline processor (test equipment) stands in
 * behind the same SDK — never with NODE_ENV=production, where a forgotten key leaves card payments off instead.
 */
export async function startCardProcessor(config: BillingConfig, logger: Logger, ownWebhookUrl: () => string) {
  const testMode = !config.STRIPE_SECRET_KEY && config.NODE_ENV !== 'production';
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`;
  const offline = testMode ? await startOfflineProcessor({ webhookSecret, webhookUrl: () => config.BILLING_WEBHOOK_URL ?? ownWebhookUrl(), logger }) : null;
  const processor = stripeProcessor({ secretKey: config.STRIPE_SECRET_KEY ?? 'sk_test_offline', webhookSecret, testMode, host: offline?.host });
  return { testMode, webhookSecret, offline, processor };
}
