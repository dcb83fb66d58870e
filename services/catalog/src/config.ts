import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@midway/service-kit';

export const catalogEnvSchema = baseEnvSchema.extend({
  CATALOG_PORT: portSchema.default(4002),
});
export type CatalogConfig = z.infer<typeof catalogEnvSchema>;
