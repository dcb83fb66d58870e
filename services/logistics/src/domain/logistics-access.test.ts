import { randomUUID } from 'node:crypto';
import type { ProjectAccess } from '@midway/contracts';
import type { Caller } from '@midway/service-kit';
import { accessFor, EDITING_ROLES, readsEveryPhoto, requireStaff } from './logistics-access';

const caller = (role: Caller['role'] = 'designer'): Caller => ({ userId: randomUUID(), email: 'd@example.com', role, sessionId: randomUUID() });
/** The read model answering `access` for every project. */
const repos = (access: ProjectAccess | null) => ({ access: { accessOf: async () => access } }) as never;
const refused = { missing: 'Service not found', changing: 'services' as const };

describe('who may change services (accessFor)', () => {
  it('lets the owner, an admin and a member change them', async () => {
    for (const access of ['owner', 'admin', 'member'] as const) {
      await expect(accessFor(repos(access), caller(), randomUUID(), 'editItems', refused)).resolves.toBe(access);
    }
  });

  it('refuses a viewer with 403 saying they may only view', async () => {
    await expect(accessFor(repos('viewer'), caller(), randomUUID(), 'editItems', refused)).rejects.toMatchObject({ status: 403, message: expect.stringContaining('can view this project’s services') });
    await expect(accessFor(repos('viewer'), caller(), randomUUID(), 'editItems', { ...refused, changing: 'items' })).rejects.toMatchObject({ status: 403, message: expect.stringContaining('not change its items') });
  });

  it('answers 404 with the resource’s name for a project the caller cannot reach, or none at all', async () => {
    await expect(accessFor(repos(null), caller(), randomUUID(), 'read', refused)).rejects.toMatchObject({ status: 404, message: 'Service not found' });
    await expect(accessFor(repos('owner'), caller(), undefined, 'read', { missing: 'Item not found', changing: 'items' })).rejects.toMatchObject({ status: 404, message: 'Item not found' });
  });

  it('lets a viewer read', async () => {
    await expect(accessFor(repos('viewer'), caller(), randomUUID(), 'read', refused)).resolves.toBe('viewer');
  });
});

it('members select services and viewers do not; only an admin reads every photo', () => {
  expect(EDITING_ROLES).toEqual(['member']);
  expect(readsEveryPhoto(caller('midway_admin'))).toBe(true);
  expect(readsEveryPhoto(caller('designer'))).toBe(false);
});

describe('the staff’s own calls (requireStaff)', () => {
  it('lets an admin through and refuses a designer with 403 and the words given', () => {
    expect(() => requireStaff(caller('midway_admin'), 'Staff only.')).not.toThrow();
    expect(() => requireStaff(caller(), 'Staff only.')).toThrow(expect.objectContaining({ status: 403, message: 'Staff only.' }));
  });
});
