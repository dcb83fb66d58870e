import type { Cost, ProjectDetail, SharedProject } from '@midway/contracts';
import { aProject, anItem } from '@midway/ui/testing';

export { aProject, anItem };

export function aProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return { ...aProject(), items: [], costs: [], totalCost: '0.00', damageReports: [], ...overrides };
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
    deliveries: [],
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
