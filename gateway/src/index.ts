/**
 * The gateway as other packages use it (tests, tools): the env it reads and its start function.
 * The process entry is main.ts.
 */
import { gatewayEnvSchema } from './config';
import { startGateway } from './gateway.app';

export { gatewayEnvSchema, type GatewayConfig } from './config';
export { startGateway } from './gateway.app';
export { upstreamMetrics, UPSTREAM_METRIC_NAMES } from './upstream-set';
export type Gateway = Awaited<ReturnType<typeof startGateway>>;

export const gatewayService = { name: 'gateway', envSchema: gatewayEnvSchema, start: startGateway };
