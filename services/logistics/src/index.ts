/**
 * The logistics service as other packages use it (tests, tools): the env it reads and its start function.
 * The process entry is main.ts.
 */
import { logisticsEnvSchema } from './config';
import { startLogistics } from './logistics.app';

export { logisticsEnvSchema, type LogisticsConfig } from './config';
export { startLogistics } from './logistics.app';
export type Logistics = Awaited<ReturnType<typeof startLogistics>>;

export const logisticsService = { name: 'logistics', envSchema: logisticsEnvSchema, start: startLogistics };
/** Reading a vendor's PDF purchase order, for the benchmark. */
export { readPurchaseOrder } from './domain/purchase-orders/po-parser';
