import type { Cost, Item, Project, ProjectDetail, SharedProject } from '@midway/contracts';

const NOW = '2026-03-02T15:04:05.000Z';

export function aProject(overrides: Partial<Project> = {}): Project {
  return {
    id: '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11',
    name: 'Lakeview Residence',
    location: '12 Harbour St, Toronto',
    clientName: 'Jordan Ellis',
    clientEmail: 'jordan@example.com',
    status: 'active',
    installDate: '2026-05-14',
    createdById: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33',
    createdAt: NOW,
    updatedAt: NOW,
    shareToken: null,
    itemCount: 0,
    progress: 0,
    access: 'owner',
    ...overrides,
  };
}

export function anItem(overrides: Partial<Item> = {}): Item {
  return {
    id: '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d',
    projectId: aProject().id,
    productVariantId: null,
    name: 'Walnut dining table',
    supplier: 'Atelier North',
    productUrl: null,
    quantity: 1,
    scheduleNumber: null,
    trackingNumber: null,
    trackingUrl: null,
    carrierId: null,
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

export function aProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return { ...aProject(), items: [], costs: [], totalCost: '0.00', ...overrides };
}

export function aSharedProject(overrides: Partial<SharedProject> = {}): SharedProject {
  return {
    name: 'Lakeview Residence',
    location: '12 Harbour St, Toronto',
    clientName: 'Jordan Ellis',
    status: 'active',
    installDate: '2026-05-14',
    items: [],
    activities: [],
    ...overrides,
  };
}

export function aCost(overrides: Partial<Cost> = {}): Cost {
  return {
    id: '5a1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    projectId: aProject().id,
    itemId: null,
    type: 'handling',
    amount: '0.00',
    description: null,
    date: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}
