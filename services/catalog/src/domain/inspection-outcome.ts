import { isDamageCondition, type InspectionOutcome, type ItemInspection } from '@midway/contracts';

/** What the public client page may know of an item's inspection: that it was done, and whether damage was reported. */
export const inspectionOutcome = (inspection: ItemInspection | null): InspectionOutcome | null =>
  inspection === null ? null : isDamageCondition(inspection.condition) ? 'damage-reported' : 'inspected';
