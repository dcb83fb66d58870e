import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@midway/service-kit';

export const logisticsEnvSchema = baseEnvSchema.extend({
  LOGISTICS_PORT: portSchema.default(4003),
});
export type LogisticsConfig = z.infer<typeof logisticsEnvSchema>;
