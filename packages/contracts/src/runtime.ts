import { z } from 'zod';

/**
 * The runtime remote manifest the gateway serves at RUNTIME_MANIFEST_PATH (defined in ./vocab, which the browser imports).
 * The shell registers remotes from it at start-up, so a remote is redeployed without rebuilding the shell.
 */

export const remoteEntrySchema = z.object({
  /** Module Federation container name, e.g. `mf_landing`. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** Absolute path of the remote's `remoteEntry.js` on the gateway, e.g. `/remotes/mf-landing/remoteEntry.js`. */
  entry: z.string().startsWith('/'),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const publicConfigSchema = z.object({
  productName: z.literal('Midway'),
  /** Who bills: the provider's name (PROVIDER_NAME), which the pay page shows above the invoice. */
  providerName: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  supportAddress: z.string(),
  /** Stripe publishable key, or null when payments run on the offline test processor. */
  stripePublishableKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const runtimeManifestSchema = z.object({
  remotes: z.array(remoteEntrySchema),
  config: publicConfigSchema,
});
export type RuntimeManifest = z.infer<typeof runtimeManifestSchema>;

/**
 * Every remote the platform knows: its container name and the folder (also its URL segment under /remotes/).
 * The gateway lists all of them in the manifest, built or not, so a missing remote shows the shell's retry state.
 */
export const KNOWN_REMOTES = [
  { name: 'mf_landing', dir: 'mf-landing' },
  { name: 'mf_projects', dir: 'mf-projects' },
  { name: 'mf_items', dir: 'mf-items' },
  { name: 'mf_billing', dir: 'mf-billing' },
  { name: 'mf_warehouse', dir: 'mf-warehouse' },
] as const;
export type RemoteName = (typeof KNOWN_REMOTES)[number]['name'];
