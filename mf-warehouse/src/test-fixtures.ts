import type { Arrival, CurrentUser, CustodyView, InspectionQueueEntry, Location, ScanMatch, ScanResponse } from '@midway/contracts';
import { aProject, anItem, NOW } from '@midway/ui/testing';

export { aProject, anItem, NOW };
export const PROJECT_ID = aProject().id;
export const ITEM_ID = anItem().id;
export const ADMIN: CurrentUser = { id: '1d7b0c9e-3f5a-4b6c-8d7e-9f0a1b2c3d4e', email: 'admin@midway.test', firstName: 'Ada', lastName: 'Admin', systemRole: 'midway_admin', emailVerified: true };

let n = 0;
const nextId = (prefix: string) => `${prefix}-${String(++n).padStart(12, '0')}`;

export function aMatch(overrides: Partial<ScanMatch> = {}): ScanMatch {
  return { itemId: nextId('5e6f7a8b-9c0d-4e1f-8a2b'), itemName: 'Walnut dining table', projectId: PROJECT_ID, projectName: 'Lakeview Residence', clientName: 'Jordan Ellis', designerName: 'Noor Haddad', status: 'in-transit', ...overrides };
}

export function aScan(matches: ScanMatch[], overrides: Partial<ScanResponse> = {}): ScanResponse {
  return { code: '1Z999AA10123456784', trackingNumber: '1Z999AA10123456784', carrierId: 'ups', matches, ...overrides };
}

export function anArrival(overrides: Partial<Arrival> = {}): Arrival {
  return {
    id: nextId('6a7b8c9d-0e1f-4a2b-9c3d'),
    code: '1Z999AA10123456784',
    trackingNumber: '1Z999AA10123456784',
    carrierId: 'ups',
    notes: null,
    arrivedAt: NOW,
    itemId: ITEM_ID,
    itemName: 'Walnut dining table',
    projectId: PROJECT_ID,
    projectName: 'Lakeview Residence',
    inspectionDueAt: '2026-03-04T15:04:05.000Z',
    discardedAt: null,
    discardReason: null,
    pieces: 1,
    piecesReceived: 1,
    piecesExpected: 1,
    piecesFlag: null,
    ...overrides,
  };
}

export function aQueueEntry(overrides: Partial<InspectionQueueEntry> = {}): InspectionQueueEntry {
  return { itemId: ITEM_ID, itemName: 'Walnut dining table', projectId: PROJECT_ID, projectName: 'Lakeview Residence', designerName: 'Noor Haddad', arrivedAt: NOW, dueAt: '2026-03-04T15:04:05.000Z', overdue: false, piecesFlag: null, ...overrides };
}

export const SOFA_ID = '3f2c8a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6';

export function aCustodyView(overrides: Partial<CustodyView> = {}): CustodyView {
  return {
    itemId: SOFA_ID,
    itemName: 'Linen sofa',
    projectId: PROJECT_ID,
    projectName: 'Lakeview Residence',
    clientName: 'Jordan Ellis',
    designerName: 'Noor Haddad',
    trackingNumber: '1Z999AA10123456784',
    status: 'received',
    inCustody: true,
    state: 'received',
    location: null,
    piecesExpected: 1,
    piecesReceived: 1,
    piecesFlag: null,
    since: NOW,
    endedAt: null,
    end: null,
    ...overrides,
  };
}

export function aLocation(overrides: Partial<Location> = {}): Location {
  return { id: nextId('7b8c9d0e-1f2a-4b3c-8d4e'), code: 'B-12', name: 'Bay B, shelf 12', kind: 'bin', itemCount: 0, createdAt: NOW, ...overrides };
}
