import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemSchema, itemStatusSchema, projectStatusSchema, systemRoleSchema } from '.';
import { countsAs, isUuid, ITEM_STATUSES, photoKeyOf, PROJECT_STATUSES, SYSTEM_ROLES } from './vocab';

describe('@midway/contracts/vocab', () => {
  it('imports nothing, so a browser bundle that uses it gets no zod', () => {
    const source = readFileSync(join(__dirname, 'vocab.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*import\s|require\(|\bfrom\s+['"]/m);
  });

  it('is the one source of the schemas’ enums', () => {
    expect(projectStatusSchema.options).toEqual([...PROJECT_STATUSES]);
    expect(systemRoleSchema.options).toEqual([...SYSTEM_ROLES]);
    expect(itemSchema.shape.status.options).toEqual([...ITEM_STATUSES]);
    for (const status of ITEM_STATUSES) expect(itemStatusSchema.parse(status)).toBe(status);
  });

  it('reads the shipped alias as in-transit and nothing inherited from Object as a status', () => {
    expect(itemStatusSchema.parse(' Shipped ')).toBe('in-transit');
    expect(itemStatusSchema.safeParse('constructor').success).toBe(false);
  });

  it('counts an item under its own status, everywhere: In Transit is the status in-transit, not a tracking number', () => {
    expect(ITEM_STATUSES.filter((status) => countsAs('inTransit', { status }))).toEqual(['in-transit']);
    expect(ITEM_STATUSES.filter((status) => countsAs('ordered', { status }))).toEqual(['ordered']);
    expect(ITEM_STATUSES.filter((status) => countsAs('delivered', { status }))).toEqual(['delivered']);
  });

  it('takes a UUID in either case as an id, and nothing else', () => {
    expect(isUuid('7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab')).toBe(true);
    expect(isUuid('7D1C0F1E-AAAA-4BBB-8CCC-0123456789AB')).toBe(true);
    for (const bad of ['', '7d1c0f1e', '7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab ', ' 7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab', '7d1c0f1e-aaaa-4bbb-8ccc-0123456789az', "1' OR '1'='1"]) expect(isUuid(bad)).toBe(false);
    expect(photoKeyOf('/api/photos/7D1C0F1E-AAAA-4BBB-8CCC-0123456789AB')).toBe('7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab');
    expect(photoKeyOf('/api/photos/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab/x')).toBeNull();
  });
});
