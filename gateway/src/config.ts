import { z } from 'zod';
import { portSchema } from '@midway/service-kit';

/** A service's replicas: one URL, or several separated by commas (the gateway balances over them). */
const urlList = (name: string, example: string) =>
  z.string().refine((value) => urlsOf(value).length > 0 && urlsOf(value).every((u) => z.url().safeParse(u).success), {
    error: `${name} must be the service's URL or a comma-separated list of its replicas' URLs, e.g. ${example}`,
  });

/** The URLs of a comma-separated list, blanks dropped. */
export const urlsOf = (value: string | undefined): string[] => (value ?? '').split(',').map((u) => u.trim()).filter(Boolean);

export const gatewayEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.string().default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: portSchema.default(8080),
  /**
   * `true`: the public port is shared with the other gateway replicas on this host (SO_REUSEPORT; the
   * kernel spreads connections over them). Each replica still needs an admin port of its own.
   */
  GATEWAY_REUSE_PORT: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** The admin listener (Prometheus' /metrics): a second port, on loopback unless said, never the public address. */
  GATEWAY_ADMIN_PORT: portSchema.default(9080),
  GATEWAY_ADMIN_HOST: z.string().default('127.0.0.1'),
  NATS_URL: z.string().min(1, { error: 'NATS_URL is required, e.g. nats://127.0.0.1:4222' }),
  SESSION_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { error: 'SESSION_PUBLIC_KEY must be a PEM public key' }),
  INTERNAL_TOKEN_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { error: 'INTERNAL_TOKEN_PRIVATE_KEY must be a PEM private key' }),
  IDENTITY_URL: urlList('IDENTITY_URL', 'http://127.0.0.1:4001,http://127.0.0.1:4101'),
  CATALOG_URL: urlList('CATALOG_URL', 'http://127.0.0.1:4002').optional(),
  LOGISTICS_URL: urlList('LOGISTICS_URL', 'http://127.0.0.1:4003').optional(),
  BILLING_URL: urlList('BILLING_URL', 'http://127.0.0.1:4004').optional(),
  /** Folder holding shell/ and the remotes' folders with their dist/ builds (the repo root by default). */
  STATIC_ROOT: z.string().default(process.cwd()),
  /** Comma-separated remote folders to answer 404 for (exercise the shell's retry state). */
  DISABLED_REMOTES: z.string().default(''),
  /** Extra origins allowed to send state-changing requests, comma-separated. */
  ALLOWED_ORIGINS: z.string().default(''),
  /**
   * Proxies (load balancers) in front of the gateway whose X-Forwarded-* it believes; 0: the gateway is the
   * edge, and a client's own X-Forwarded-For is ignored.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(100 * 1024),
  /** The provider's name, on the pay page as who is billing. */
  PROVIDER_NAME: z.string().min(1).default('Midway Receiving & Delivery'),
  SUPPORT_PHONE: z.string().default('(604) 555-0142'),
  SUPPORT_EMAIL: z.string().default('hello@midway.local'),
  SUPPORT_ADDRESS: z.string().default('1200 Industrial Ave, Vancouver, BC'),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Extra image origins for CSP img-src (the object store's public URL). */
  IMG_ORIGINS: z.string().default(''),
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
