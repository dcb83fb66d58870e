import type { Item, ItemsSummary, Project, Service } from '@midway/contracts';
import { aProject as aBaseProject, anItem as aBaseItem } from '@midway/ui/testing';

export const PROJECT_ID = aBaseProject().id;

/** mf-items' project: no client e-mail or install date, one item. */
export function aProject(overrides: Partial<Project> = {}): Project {
  return aBaseProject({ clientEmail: null, installDate: null, itemCount: 1, ...overrides });
}

let n = 0;
/** An item with an id of its own each call (the lists key their rows by id). */
export function anItem(overrides: Partial<Item> = {}): Item {
  n += 1;
  return aBaseItem({ id: `9b2d6c1a-3e4f-4a5b-8c7d-${String(n).padStart(12, '0')}`, ...overrides });
}

export function aSummary(overrides: Partial<ItemsSummary> = {}): ItemsSummary {
  return { total: 0, ordered: 0, inTransit: 0, delivered: 0, received: 0, stored: 0, byStatus: { ordered: 0, 'in-transit': 0, received: 0, stored: 0, delivered: 0 }, byProject: [], ...overrides };
}

export function aService(overrides: Partial<Service> = {}): Service {
  n += 1;
  return {
    id: `5d9f2e3b-8c4a-4f7b-9e1d-${String(n).padStart(12, '0')}`,
    itemId: '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d',
    projectId: PROJECT_ID,
    type: 'receiving',
    label: 'White-Glove Receiving',
    selected: false,
    cost: '25.00',
    notes: null,
    itemName: 'Walnut dining table',
    projectName: 'Lakeview Residence',
    ...overrides,
  };
}
