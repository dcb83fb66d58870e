import fs from 'node:fs';
import path from 'node:path';
import { MessageProviderPact, providerWithMetadata } from '@pact-foundation/pact';
import type { Item, Project } from '@midway/contracts';
import { itemEvents } from '../src/domain/item-events';
import { projectEvents } from '../src/domain/project-events';

/**
 * Verifies the message pacts of catalog's events (pacts/<consumer>-catalog-events.json, written by the consumers'
 * tests: logistics and billing): each message is built by the same builders catalog publishes with.
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => f.endsWith('-catalog-events.json')).map((f) => path.join(PACTS_DIR, f));

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const OWNER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const MEMBER_ID = '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const NOW = '2026-03-02T15:04:05.000Z';

const project: Project = {
  id: PROJECT_ID, name: 'Lakeview Residence', location: 'Toronto', clientName: 'Jordan Ellis', clientEmail: null, status: 'active', installDate: null,
  createdById: OWNER_ID, createdAt: NOW, updatedAt: NOW, shareToken: null, itemCount: 1, progress: 0, access: 'owner',
} as Project;
const item: Item = {
  id: ITEM_ID, projectId: PROJECT_ID, productVariantId: null, name: 'Walnut dining table', supplier: null, productUrl: null, quantity: 1, scheduleNumber: null,
  trackingNumber: null, carrierId: null, trackingUrl: null, status: 'ordered', notes: null, photoUrl: null, receivedAt: null, deliveredAt: null, outForDeliveryAt: null,
  pieces: 1, piecesReceived: 0, inCustody: false, custodySince: null, location: null, skuCode: null,
  collection: null, designer: null, finish: null, material: null, roomLocation: null, specialInstructions: null, price: null, estimatedPrice: null,
  createdAt: NOW, updatedAt: NOW, inspection: null, projectName: 'Lakeview Residence', clientName: 'Jordan Ellis',
};
const json = <T>(build: () => T) => providerWithMetadata(() => build(), { contentType: 'application/json' });

const MESSAGES = {
  'catalog.project.created.v1': json(() => projectEvents.created(project)),
  'catalog.project.updated.v1': json(() => projectEvents.updated(project, ['name'])),
  'catalog.project.member-added.v1': json(() => projectEvents.memberAdded(project, MEMBER_ID, 'member', OWNER_ID)),
  'catalog.project.member-removed.v1': json(() => projectEvents.memberRemoved(project, MEMBER_ID, 'member', OWNER_ID)),
  'catalog.project.shared.v1': json(() => projectEvents.shared(project, 'q3Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN0', false)),
  'catalog.project.snapshot.v1': json(() =>
    projectEvents.snapshot({ id: PROJECT_ID, ownerId: OWNER_ID, name: project.name, clientName: project.clientName, clientEmail: null, location: project.location, status: 'active', installDate: null, shareToken: null, members: [{ userId: MEMBER_ID, role: 'member' }] }),
  ),
  'catalog.item.created.v1': json(() => itemEvents.created(item, OWNER_ID)),
  'catalog.items.imported.v1': json(() => itemEvents.imported([item], PROJECT_ID, OWNER_ID)[0]),
  'catalog.item.updated.v1': json(() => itemEvents.updated(item, OWNER_ID, ['name'])),
  'catalog.item.status-changed.v1': json(() => itemEvents.statusChanged(item, { ...item, status: 'received' }, OWNER_ID)),
  'catalog.item.deleted.v1': json(() => itemEvents.deleted(item, OWNER_ID)),
};

it('catalog’s events match every consumer’s message pact', async () => {
  expect(PACTS.length).toBeGreaterThan(0);
  await new MessageProviderPact({ provider: 'catalog-events', pactUrls: PACTS, messageProviders: MESSAGES, logLevel: 'warn' }).verify();
}, 60_000);
