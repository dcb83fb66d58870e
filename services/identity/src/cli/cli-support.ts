import { emailSchema } from '@midway/contracts';
export { applyPendingMigrations, createLogger } from '@midway/service-kit';

export function emailSchemaOrThrow(value: string | undefined): string {
  const r = emailSchema.safeParse(value ?? '');
  if (!r.success) throw new Error('--email must be a valid e-mail address');
  return r.data;
}
