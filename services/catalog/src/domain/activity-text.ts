import type { ItemStatus, ProjectStatus } from '@midway/contracts';

/** What the project's history (and the client's Recent Updates) says, in plain words. */
const ITEM_STATUS_LABEL: Record<ItemStatus, string> = {
  ordered: 'Ordered',
  'in-transit': 'In Transit',
  received: 'Received',
  stored: 'Stored',
  delivered: 'Delivered',
};
const PROJECT_STATUS_LABEL: Record<ProjectStatus, string> = { active: 'Active', planning: 'Planning', 'in-progress': 'In Progress', completed: 'Completed' };

export const activityText = {
  projectCreated: (name: string) => `Project "${name}" created`,
  projectStatus: (to: ProjectStatus) => `Project status changed to ${PROJECT_STATUS_LABEL[to]}`,
  projectShared: () => 'Client dashboard link created',
  projectLinkReset: () => 'Client dashboard link reset (the previous link no longer works)',
  memberAdded: (who: string) => `Project shared with ${who}`,
  itemAdded: (name: string) => `Item "${name}" added`,
  itemsImported: (n: number) => `${n} item${n === 1 ? '' : 's'} imported`,
  itemStatus: (name: string, to: ItemStatus) => `"${name}" is now ${ITEM_STATUS_LABEL[to]}`,
  itemUpdated: (name: string) => `Item "${name}" updated`,
  itemRemoved: (name: string) => `Item "${name}" removed`,
};
