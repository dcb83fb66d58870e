/**
 * The catalog service as other packages use it (tests, tools): the env it reads and its start function.
 * The process entry is main.ts.
 */
import { catalogEnvSchema } from './config';
import { startCatalog } from './catalog.app';

export { catalogEnvSchema, type CatalogConfig } from './config';
export { startCatalog } from './catalog.app';
export { republishCatalog } from './republish.app';
export type Catalog = Awaited<ReturnType<typeof startCatalog>>;

export const catalogService = { name: 'catalog', envSchema: catalogEnvSchema, start: startCatalog };
