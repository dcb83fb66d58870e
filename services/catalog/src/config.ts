import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@midway/service-kit';

export const catalogEnvSchema = baseEnvSchema.extend({
  CATALOG_PORT: portSchema.default(4002),
  /** Invitations to projects are e-mailed through it. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'SMTP_URL must look like smtp://host:port' }),
  MAIL_FROM: z.string().default('Midway <no-reply@midway.local>'),
  /** The address browsers reach Midway at (the gateway): invitation links point here, never at a request's Host. */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be the address of the gateway, e.g. https://midway.example.com' }).default('http://localhost:8080'),
});
export type CatalogConfig = z.infer<typeof catalogEnvSchema>;
