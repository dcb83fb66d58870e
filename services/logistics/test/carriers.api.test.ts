import { CARRIER_IDS } from '@midway/contracts';
import { actor, usePlatform } from './logistics-harness';

const t = usePlatform();

it('GET /api/carriers lists every carrier with its name and tracking-link template', async () => {
  const res = await t.logistics.get('/api/carriers', actor());
  expect(res.status).toBe(200);
  expect(res.body.map((c: { id: string }) => c.id)).toEqual([...CARRIER_IDS]);
  expect(res.body.find((c: { id: string }) => c.id === 'purolator')).toEqual({ id: 'purolator', name: 'Purolator', trackingUrlTemplate: expect.stringContaining('{trackingNumber}') });
});
