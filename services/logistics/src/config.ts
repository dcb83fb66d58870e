import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@midway/service-kit';

export const logisticsEnvSchema = baseEnvSchema.extend({
  LOGISTICS_PORT: portSchema.default(4003),
  /** The S3-compatible object store photos are kept in (MinIO, S3, or the dev platform's s3rver); no public bucket. */
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be the object store URL, e.g. http://127.0.0.1:9000' }).optional(),
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_BUCKET: z.string().default('midway-uploads'),
  S3_REGION: z.string().default('us-east-1'),
  /** Damage reports are e-mailed through it. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'SMTP_URL must look like smtp://host:port' }),
  MAIL_FROM: z.string().default('Midway <no-reply@midway.local>'),
  /** The provider's time zone: "today" for booking a delivery at least one business day ahead. */
  LOGISTICS_TIME_ZONE: z.string().refine((tz) => { try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch { return false; } }, { error: 'LOGISTICS_TIME_ZONE must be an IANA time zone such as America/Vancouver' }).default('UTC'),
  /**
   * Purchase-order PDFs are read in a pool of worker threads: its size (default: the cores but one, at most 4), the
   * uploads that may wait for a thread (one more is a 503 with Retry-After), and each document's time and memory.
   */
  LOGISTICS_PDF_THREADS: z.coerce.number().int().min(1).max(32).optional(),
  LOGISTICS_PDF_QUEUE: z.coerce.number().int().min(0).default(4),
  LOGISTICS_PDF_TIME_LIMIT_MS: z.coerce.number().int().min(100).default(20_000),
  LOGISTICS_PDF_MEMORY_MB: z.coerce.number().int().min(32).default(256),
  /** Purchase-order uploads one person may make a minute (each replica counts its own); 0 turns the limit off. */
  LOGISTICS_PO_UPLOADS_PER_MINUTE: z.coerce.number().int().min(0).default(20),
  /** The address browsers reach Midway at (the gateway): a damage report's photo links point here. */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be the address of the gateway, e.g. https://midway.example.com' }).default('http://localhost:8080'),
});
export type LogisticsConfig = z.infer<typeof logisticsEnvSchema>;
