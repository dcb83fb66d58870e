import type { KeyPair } from '@midway/service-kit';

export interface ServiceContext {
  databaseUrl: string;
  natsUrl: string;
  smtpUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string };
  session: KeyPair;
  internal: KeyPair;
  admin: { email: string; password: string };
  staticRoot: string;
  disabledRemotes: string[];
  /** The gateway's address as browsers reach it (PUBLIC_URL, else http://localhost:<gateway port>). */
  publicUrl: string;
  /** Filled as services start: name → its replicas' base URLs. */
  urls: Record<string, string[]>;
  env: NodeJS.ProcessEnv;
}

export interface ServiceSpec {
  name: string;
  entry: string;
  portEnv: string;
  defaultPort: number;
  readyPath: string;
  env(ctx: ServiceContext): Record<string, string | undefined>;
}

const pass = (env: NodeJS.ProcessEnv, ...names: string[]) => Object.fromEntries(names.map((n) => [n, env[n]]).filter(([, v]) => v !== undefined));

/** Every process of the platform and the env it gets; the gateway starts last, once the others are ready. */
export const SERVICES: ServiceSpec[] = [
  {
    name: 'identity',
    entry: 'services/identity/dist/main.js',
    portEnv: 'IDENTITY_PORT',
    defaultPort: 4001,
    readyPath: '/readyz',
    env: (c) => ({
      DATABASE_URL: c.databaseUrl,
      NATS_URL: c.natsUrl,
      INTERNAL_TOKEN_PUBLIC_KEY: c.internal.publicKey,
      SESSION_PRIVATE_KEY: c.session.privateKey,
      SESSION_PUBLIC_KEY: c.session.publicKey,
      SMTP_URL: c.smtpUrl,
      ADMIN_EMAIL: c.admin.email,
      ADMIN_PASSWORD: c.admin.password,
      // Where e-mailed links (password reset) point; identity's default is the gateway's default address.
      PUBLIC_URL: c.publicUrl,
      ...pass(c.env, 'CONTACT_TO', 'MAIL_FROM', 'RATE_LIMIT_AUTH_PER_MINUTE', 'RATE_LIMIT_CONTACT_PER_MINUTE', 'RATE_LIMIT_SECOND_FACTOR_PER_MINUTE', 'ADMIN_2FA', 'LOG_LEVEL', 'NODE_ENV'),
      // "Continue with …" providers, each of its three settings (and the generic one's name) when set.
      ...pass(c.env, ...['GOOGLE', 'MICROSOFT', 'GENERIC'].flatMap((p) => ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].map((k) => `OIDC_${p}_${k}`)), 'OIDC_GENERIC_NAME'),
    }),
  },
  {
    name: 'catalog',
    entry: 'services/catalog/dist/main.js',
    portEnv: 'CATALOG_PORT',
    defaultPort: 4002,
    readyPath: '/readyz',
    env: (c) => ({
      DATABASE_URL: c.databaseUrl,
      NATS_URL: c.natsUrl,
      INTERNAL_TOKEN_PUBLIC_KEY: c.internal.publicKey,
      SMTP_URL: c.smtpUrl,
      // Invitation e-mails link here (the invitation page), like identity's reset links.
      PUBLIC_URL: c.publicUrl,
      ...pass(c.env, 'MAIL_FROM', 'LOG_LEVEL', 'NODE_ENV'),
    }),
  },
  {
    name: 'logistics',
    entry: 'services/logistics/dist/main.js',
    portEnv: 'LOGISTICS_PORT',
    defaultPort: 4003,
    readyPath: '/readyz',
    env: (c) => ({
      DATABASE_URL: c.databaseUrl,
      NATS_URL: c.natsUrl,
      INTERNAL_TOKEN_PUBLIC_KEY: c.internal.publicKey,
      S3_ENDPOINT: c.s3.endpoint,
      S3_ACCESS_KEY: c.s3.accessKey,
      S3_SECRET_KEY: c.s3.secretKey,
      S3_BUCKET: c.s3.bucket,
      SMTP_URL: c.smtpUrl,
      // Damage reports' and delivery e-mails' photo links point here.
      PUBLIC_URL: c.publicUrl,
      ...pass(c.env, 'MAIL_FROM', 'LOGISTICS_TIME_ZONE', 'LOG_LEVEL', 'NODE_ENV'),
    }),
  },
  {
    name: 'billing',
    entry: 'services/billing/dist/main.js',
    portEnv: 'BILLING_PORT',
    defaultPort: 4004,
    readyPath: '/readyz',
    env: (c) => ({
      DATABASE_URL: c.databaseUrl,
      NATS_URL: c.natsUrl,
      INTERNAL_TOKEN_PUBLIC_KEY: c.internal.publicKey,
      SMTP_URL: c.smtpUrl,
      // Invoice e-mails' pay links point here (the gateway's /pay/{token} page).
      PUBLIC_URL: c.publicUrl,
      // Without STRIPE_SECRET_KEY billing runs its offline processor (test mode, signed webhooks).
      ...pass(c.env, 'BILLING_TIME_ZONE', 'MAIL_FROM', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'LOG_LEVEL', 'NODE_ENV'),
    }),
  },
  {
    name: 'gateway',
    entry: 'gateway/dist/main.js',
    portEnv: 'PORT',
    defaultPort: 8080,
    readyPath: '/healthz',
    env: (c) => ({
      NATS_URL: c.natsUrl,
      SESSION_PUBLIC_KEY: c.session.publicKey,
      INTERNAL_TOKEN_PRIVATE_KEY: c.internal.privateKey,
      // Each a comma-separated list of the service's replicas: the gateway balances over them.
      IDENTITY_URL: c.urls.identity?.join(','),
      CATALOG_URL: c.urls.catalog?.join(','),
      LOGISTICS_URL: c.urls.logistics?.join(','),
      BILLING_URL: c.urls.billing?.join(','),
      STATIC_ROOT: c.staticRoot,
      DISABLED_REMOTES: c.disabledRemotes.join(','),
      ...pass(c.env, 'GATEWAY_ADMIN_PORT', 'GATEWAY_ADMIN_HOST', 'PROVIDER_NAME', 'SUPPORT_PHONE', 'SUPPORT_EMAIL', 'SUPPORT_ADDRESS', 'STRIPE_PUBLISHABLE_KEY', 'ALLOWED_ORIGINS', 'BODY_LIMIT_BYTES', 'TRUST_PROXY_HOPS', 'LOG_LEVEL', 'NODE_ENV'),
    }),
  },
];
