/**
 * The billing service as other packages use it (tests, tools): the env it reads and its start function.
 * The process entry is main.ts.
 */
import { billingEnvSchema } from './config';
import { startBilling } from './billing.app';

export { billingEnvSchema, type BillingConfig } from './config';
export { startBilling } from './billing.app';
export type Billing = Awaited<ReturnType<typeof startBilling>>;

export const billingService = { name: 'billing', envSchema: billingEnvSchema, start: startBilling };
