import { INSPECTION_CONDITION_LABELS, ITEM_STATUS_LABELS, PROJECT_STATUS_LABELS, type InspectionCondition, type ItemStatus, type ProjectStatus } from '@midway/contracts';

/** What the project's history (and the client's Recent Updates) says, in plain words, with the pages' status labels. */
export const activityText = {
  projectCreated: (name: string) => `Project "${name}" created`,
  projectStatus: (to: ProjectStatus) => `Project status changed to ${PROJECT_STATUS_LABELS[to]}`,
  projectShared: () => 'Client dashboard link created',
  projectLinkReset: () => 'Client dashboard link reset (the previous link no longer works)',
  memberAdded: (who: string) => `Project shared with ${who}`,
  itemAdded: (name: string) => `Item "${name}" added`,
  itemsImported: (n: number) => `${n} item${n === 1 ? '' : 's'} imported`,
  itemStatus: (name: string, to: ItemStatus) => `"${name}" is now ${ITEM_STATUS_LABELS[to]}`,
  itemUpdated: (name: string) => `Item "${name}" updated`,
  itemRemoved: (name: string) => `Item "${name}" removed`,
  // The warehouse's findings (logistics' receiving desk); never the inspector's notes.
  itemReceived: (name: string) => `Received at the warehouse: "${name}"`,
  itemInspected: (name: string, condition: InspectionCondition) => `Inspected: ${INSPECTION_CONDITION_LABELS[condition].toLowerCase()} — "${name}"`,
  damageReported: (name: string, condition: InspectionCondition) => `Damage reported: "${name}" (${INSPECTION_CONDITION_LABELS[condition].toLowerCase()})`,
};
