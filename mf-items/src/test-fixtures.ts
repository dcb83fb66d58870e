import type { Item, ItemsSummary, Project, Service } from '@midway/contracts';

const NOW = '2026-03-02T15:04:05.000Z';
export const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';

export function aProject(overrides: Partial<Project> = {}): Project {
  return {
    id: PROJECT_ID,
    name: 'Lakeview Residence',
    location: '12 Harbour St, Toronto',
    clientName: 'Jordan Ellis',
    clientEmail: null,
    status: 'active',
    installDate: null,
    createdById: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33',
    createdAt: NOW,
    updatedAt: NOW,
    shareToken: null,
    itemCount: 1,
    progress: 0,
    access: 'owner',
    ...overrides,
  };
}

let n = 0;
export function anItem(overrides: Partial<Item> = {}): Item {
  n += 1;
  return {
    id: `9b2d6c1a-3e4f-4a5b-8c7d-${String(n).padStart(12, '0')}`,
    projectId: PROJECT_ID,
    productVariantId: null,
    name: 'Walnut dining table',
    supplier: 'Atelier North',
    productUrl: null,
    quantity: 1,
    scheduleNumber: null,
    trackingNumber: null,
    carrierId: null,
    trackingUrl: null,
    status: 'ordered',
    notes: null,
    photoUrl: null,
    receivedAt: null,
    deliveredAt: null,
    skuCode: null,
    collection: null,
    designer: null,
    finish: null,
    material: null,
    roomLocation: null,
    specialInstructions: null,
    price: null,
    estimatedPrice: null,
    createdAt: NOW,
    updatedAt: NOW,
    projectName: 'Lakeview Residence',
    clientName: 'Jordan Ellis',
    ...overrides,
  };
}

export function aSummary(overrides: Partial<ItemsSummary> = {}): ItemsSummary {
  return { total: 0, ordered: 0, inTransit: 0, delivered: 0, received: 0, stored: 0, byProject: [], ...overrides };
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
