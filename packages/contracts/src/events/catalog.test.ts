import { eventSchemas, IMPORT_EVENT_MAX_ITEMS } from '.';

// Every text at its length limit, made of a control character JSON escapes to six bytes (\u0001).
const long = (n: number) => '\u0001'.repeat(n);
const worstItem = () => ({
  itemId: crypto.randomUUID(),
  projectId: crypto.randomUUID(),
  designerId: crypto.randomUUID(),
  name: long(255),
  quantity: 100_000,
  status: 'in-transit' as const,
  supplier: long(255),
  trackingNumber: long(100),
  carrierId: long(100),
  price: '99999999.99',
  receivedAt: new Date().toISOString(),
  deliveredAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
});

describe('catalog.items.imported.v1', () => {
  it('a full batch of worst-case items fits in one NATS message (1 MB default max_payload)', () => {
    const worst = worstItem();
    const data = eventSchemas['catalog.items.imported.v1'].parse({
      importId: crypto.randomUUID(),
      projectId: worst.projectId,
      designerId: worst.designerId,
      part: 1,
      parts: 1,
      items: Array.from({ length: IMPORT_EVENT_MAX_ITEMS }, () => worst),
    });
    const envelope = { id: crypto.randomUUID(), type: 'catalog.items.imported.v1', occurredAt: new Date().toISOString(), data };
    expect(Buffer.byteLength(JSON.stringify(envelope))).toBeLessThan(1024 * 1024);
  });

  it('refuses an empty batch and one over the limit', () => {
    const schema = eventSchemas['catalog.items.imported.v1'];
    const base = { importId: crypto.randomUUID(), projectId: crypto.randomUUID(), designerId: crypto.randomUUID(), part: 1, parts: 1 };
    expect(schema.safeParse({ ...base, items: [] }).success).toBe(false);
    expect(schema.safeParse({ ...base, items: Array.from({ length: IMPORT_EVENT_MAX_ITEMS }, worstItem) }).success).toBe(true);
    expect(schema.safeParse({ ...base, items: Array.from({ length: IMPORT_EVENT_MAX_ITEMS + 1 }, worstItem) }).success).toBe(false);
  });
});
