/**
 * Message pact: the logistics events catalog consumes, as catalog reads them. Writes
 * pacts/catalog-logistics-events.json; logistics' message provider test builds each message with its own
 * event builders. Each message goes through catalog's real path: parseEvent, then the consumer's domain effect.
 */
import path from 'node:path';
import { asynchronousBodyHandler, MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { parseEvent, type EventEnvelope } from '@midway/contracts';
import { applyPhotoAttached, applyPhotoUploaded } from '../src/domain/item-photo.service';
import type { Repos } from '../src/data/unit-of-work';

const { uuid, iso8601DateTimeWithMillis, regex } = MatchersV3;
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');

it('logistics.item-photo.attached.v1 sets the item’s photoUrl to the served path', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const set: unknown[][] = [];
  const claimed: unknown[][] = [];
  const repos = { itemPhotos: { set: async (...args: unknown[]) => void set.push(args), claim: async (...args: unknown[]) => void claimed.push(args) } } as unknown as Repos;
  await pact
    .expectsToReceive('logistics.item-photo.attached.v1')
    .withContent({
      id: uuid('0b8f3c2e-1111-4a4a-9b9b-123456789abc'),
      type: 'logistics.item-photo.attached.v1',
      occurredAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      data: {
        itemId: uuid('9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d'),
        projectId: uuid('2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11'),
        photoUrl: regex(/^\/api\/photos\/[0-9a-f-]{36}$/.source, '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'),
        byUserId: uuid('7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33'),
        attachedAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      },
    })
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyPhotoAttached(repos, parseEvent(body) as EventEnvelope<'logistics.item-photo.attached.v1'>)));
  expect(set).toEqual([['9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d', '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11', '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab']]);
  // The photo belongs to the item's project from then on, if it belonged to none.
  expect(claimed).toEqual([['5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11']]);
});

it('logistics.photo.uploaded.v1 records who uploaded the photo and the project it belongs to', async () => {
  const pact = new MessageConsumerPact({ consumer: 'catalog', provider: 'logistics-events', dir: PACTS_DIR, pactfileWriteMode: 'update', logLevel: 'warn' });
  const recorded: unknown[] = [];
  const repos = { itemPhotos: { record: async (fact: unknown) => void recorded.push(fact) } } as unknown as Repos;
  await pact
    .expectsToReceive('logistics.photo.uploaded.v1')
    .withContent({
      id: uuid('1c9e4d3f-2222-4b5b-8c8c-23456789abcd'),
      type: 'logistics.photo.uploaded.v1',
      occurredAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      data: {
        key: uuid('5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'),
        ownerId: uuid('7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33'),
        projectId: uuid('2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11'),
        uploadedAt: iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z'),
      },
    })
    .withMetadata({ contentType: 'application/json' })
    .verify(asynchronousBodyHandler(async (body) => applyPhotoUploaded(repos, parseEvent(body) as EventEnvelope<'logistics.photo.uploaded.v1'>)));
  expect(recorded).toEqual([{ key: '5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', ownerId: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33', projectId: '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11' }]);
});
