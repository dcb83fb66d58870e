import { randomUUID } from 'node:crypto';
import type { ProjectAccess } from '@midway/contracts';
import type { Caller } from '@midway/service-kit';
import { readableInvoice, requireAdmin } from './billing-access';

const caller = (role: Caller['role'] = 'designer'): Caller => ({ userId: randomUUID(), email: 'd@example.com', role, sessionId: randomUUID() });
const repos = (access: ProjectAccess | null) => ({ access: { accessOf: async () => access } }) as never;
const invoice = { id: randomUUID(), projectId: randomUUID() };

describe('who reads an invoice (readableInvoice)', () => {
  it('whoever reaches its project, in any role', async () => {
    for (const access of ['owner', 'admin', 'member', 'viewer'] as const) {
      await expect(readableInvoice(repos(access), caller(), invoice)).resolves.toBe(invoice);
    }
  });

  it('anyone else, or a missing invoice, gets 404 as if there were none', async () => {
    await expect(readableInvoice(repos(null), caller(), invoice)).rejects.toMatchObject({ status: 404, message: 'Invoice not found' });
    await expect(readableInvoice(repos('owner'), caller(), null)).rejects.toMatchObject({ status: 404, message: 'Invoice not found' });
  });
});

it('billing’s administration is for Midway administrators alone (403 saying what was refused)', () => {
  expect(() => requireAdmin(caller('midway_admin'), 'void invoices')).not.toThrow();
  expect(() => requireAdmin(caller('designer'), 'void invoices')).toThrow(expect.objectContaining({ status: 403, message: 'Only Midway administrators can void invoices.' }));
});
