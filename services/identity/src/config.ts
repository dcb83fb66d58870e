import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@midway/service-kit';

const limit = z.coerce.number().int().min(0);

export const identityEnvSchema = baseEnvSchema.extend({
  IDENTITY_PORT: portSchema.default(4001),
  SESSION_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { error: 'SESSION_PRIVATE_KEY must be a PEM private key' }),
  SESSION_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { error: 'SESSION_PUBLIC_KEY must be a PEM public key' }),
  /** Per minute, per IP and per account; 0 turns the limit off. */
  RATE_LIMIT_AUTH_PER_MINUTE: limit.default(10),
  RATE_LIMIT_CONTACT_PER_MINUTE: limit.default(5),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'SMTP_URL must look like smtp://host:port' }),
  CONTACT_TO: z.email({ error: 'CONTACT_TO must be the provider e-mail address that receives contact messages' }).default('hello@midway.local'),
  MAIL_FROM: z.string().default('Midway <no-reply@midway.local>'),
  /** The address browsers reach Midway at (the gateway): e-mailed links point here, never at a request's Host. */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be the address of the gateway, e.g. https://midway.example.com' }).default('http://localhost:8080'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'ADMIN_PASSWORD must be at least 8 characters' }).optional(),
});
export type IdentityConfig = z.infer<typeof identityEnvSchema>;
