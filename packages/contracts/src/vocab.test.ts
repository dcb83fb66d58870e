import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemSchema, itemStatusSchema, projectStatusSchema, systemRoleSchema } from '.';
import { ITEM_STATUSES, PROJECT_STATUSES, SYSTEM_ROLES } from './vocab';

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
});
