import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from '@midway/contracts/vocab';

// The vocabulary comes from the contracts' zod-free entry, so the bundle gets the lists without the schemas.
export { PROJECT_STATUS_LABELS, PROJECT_STATUSES };

export const PROJECT_STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] }));

export function isProjectStatus(value: string): value is ProjectStatus {
  return (PROJECT_STATUSES as readonly string[]).includes(value);
}
