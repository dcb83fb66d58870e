import { forbidden, notFound, notSeenYet, type Caller } from '@midway/service-kit';
import { canOnProject, isAdmin, type ProjectAccess } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

/**
 * Who may do what in billing, in one place for every use case. Billing's administration (rates, the
 * automatic runs, issuing and changing invoices) is Midway's alone. An invoice is read by whoever reaches its
 * project (any role, from the kit's project-access read model and the contract's canOnProject table: members
 * and viewers read, they never change invoices); anyone else gets 404, as for a missing invoice, so its
 * existence is never confirmed.
 */
export function requireAdmin(caller: Caller, what: string): void {
  if (!isAdmin(caller)) throw forbidden(`Only Midway administrators can ${what}.`);
}

/**
 * The invoice when the caller may read its project; 404 for none or one they cannot reach. Not reaching it may
 * mean a membership the read model has not heard of yet: that 404 is `notSeenYet`, so a read run through the
 * kit's catch-up asks catalog about the project and looks again before answering it.
 */
export async function readableInvoice<T extends { projectId: string }>(r: Pick<Repos, 'access'>, caller: Caller, invoice: T | null): Promise<T> {
  if (!invoice) throw notFound('Invoice not found');
  const access = await r.access.accessOf(caller, invoice.projectId);
  if (!access) throw notSeenYet('catalog.project', invoice.projectId, 'Invoice not found');
  if (!canOnProject(access, 'read')) throw notFound('Invoice not found');
  return invoice;
}

/** Who may pay a project's invoices: those who work on it. Its viewers read only. */
const PAYERS: readonly ProjectAccess[] = ['owner', 'admin', 'member'];

/**
 * The invoice when the caller may pay for its project: whoever reads it (else 404, as readableInvoice), except a
 * project's viewers (403).
 */
export async function payableInvoice<T extends { projectId: string }>(r: Pick<Repos, 'access'>, caller: Caller, invoice: T | null): Promise<T> {
  const readable = await readableInvoice(r, caller, invoice);
  const access = await r.access.accessOf(caller, readable.projectId);
  if (!access || !PAYERS.includes(access)) throw forbidden('Viewers of a project can see its invoices but not pay them; ask the project’s owner.');
  return readable;
}
