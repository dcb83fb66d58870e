import { createItemBodySchema, itemSchema, updateItemBodySchema } from '@midway/contracts';
import { EDITABLE_FIELDS, IMPORTED_FIELDS, ITEM_FIELDS, STORED_FIELDS } from './item.fields';

describe('ITEM_FIELDS: the one list of an item’s fields', () => {
  it('lists every field of the contract’s Item once, in its order (the order of every answer)', () => {
    expect(ITEM_FIELDS.map((f) => f.field)).toEqual(Object.keys(itemSchema.shape));
  });

  it('an edit compares exactly the fields the update body can change', () => {
    expect([...EDITABLE_FIELDS].sort()).toEqual(Object.keys(updateItemBodySchema.shape).sort());
  });

  it('a bulk import sends every create-body field, the id and the stamps, each column once, and always the required ones', () => {
    const sent = IMPORTED_FIELDS.map((f) => f.field);
    expect(new Set(sent).size).toBe(sent.length);
    for (const field of [...Object.keys(createItemBodySchema.shape), 'id', 'productVariantId', 'receivedAt', 'deliveredAt']) expect(sent).toContain(field);
    expect(IMPORTED_FIELDS.filter((f) => f.always).map((f) => f.field).sort()).toEqual(['id', 'name', 'quantity', 'status']);
    expect(IMPORTED_FIELDS.every((f) => f.type !== '')).toBe(true);
  });

  it('reads every field from a column but the tracking link, which follows from the number and carrier', () => {
    expect(ITEM_FIELDS.filter((f) => !STORED_FIELDS.includes(f)).map((f) => f.field)).toEqual(['trackingUrl']);
  });
});
