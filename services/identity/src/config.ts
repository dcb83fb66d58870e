import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@midway/service-kit';

const limit = z.coerce.number().int().min(0);

/** An OpenID Connect provider's issuer URL, client id and secret (`OIDC_<NAME>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`). */
const oidcEnv = <N extends string>(name: N) =>
  ({
    [`OIDC_${name}_ISSUER`]: z.url({ error: `OIDC_${name}_ISSUER must be the provider's issuer URL, e.g. https://accounts.google.com` }).optional(),
    [`OIDC_${name}_CLIENT_ID`]: z.string().min(1).optional(),
    [`OIDC_${name}_CLIENT_SECRET`]: z.string().min(1).optional(),
  }) as Record<`OIDC_${N}_ISSUER` | `OIDC_${N}_CLIENT_ID` | `OIDC_${N}_CLIENT_SECRET`, z.ZodOptional<z.ZodString>>;

/** The providers sign-in offers: each configured one (its three settings), or none. */
export const OIDC_PROVIDERS = [
  { id: 'google', env: 'GOOGLE', label: 'Google' },
  { id: 'microsoft', env: 'MICROSOFT', label: 'Microsoft' },
  { id: 'oidc', env: 'GENERIC', label: null },
] as const;
export type OidcProviderId = (typeof OIDC_PROVIDERS)[number]['id'];
export interface OidcProviderConfig {
  id: OidcProviderId;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

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
  /** Sign-in's second step (TOTP or recovery code): per minute, per IP and per account; 0 turns the limit off. */
  RATE_LIMIT_SECOND_FACTOR_PER_MINUTE: limit.default(5),
  /** `required`: an admin without a second factor enrols before anything else (the gateway enforces it). */
  ADMIN_2FA: z.enum(['optional', 'required'], { error: 'ADMIN_2FA must be optional or required' }).default('optional'),
  ...oidcEnv('GOOGLE'),
  ...oidcEnv('MICROSOFT'),
  ...oidcEnv('GENERIC'),
  /** The generic issuer's name on its button ("Continue with Okta"). */
  OIDC_GENERIC_NAME: z.string().min(1).max(40).default('your provider'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'ADMIN_PASSWORD must be at least 8 characters' }).optional(),
});
export type IdentityConfig = z.infer<typeof identityEnvSchema>;

/** The configured providers, in button order; a provider with only some of its settings is a configuration error. */
export function oidcProvidersOf(config: IdentityConfig): OidcProviderConfig[] {
  return OIDC_PROVIDERS.flatMap((p) => {
    const get = (k: string) => (config as Record<string, unknown>)[`OIDC_${p.env}_${k}`] as string | undefined;
    const [issuer, clientId, clientSecret] = [get('ISSUER'), get('CLIENT_ID'), get('CLIENT_SECRET')];
    if (!issuer && !clientId && !clientSecret) return [];
    if (!issuer || !clientId || !clientSecret) throw new Error(`OIDC_${p.env}_ISSUER, OIDC_${p.env}_CLIENT_ID and OIDC_${p.env}_CLIENT_SECRET go together: set all three or none.`);
    return [{ id: p.id, label: p.label ?? config.OIDC_GENERIC_NAME, issuer, clientId, clientSecret }];
  });
}
