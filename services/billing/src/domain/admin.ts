import { forbidden, type Caller } from '@midway/service-kit';

/** Billing's administration (rates, the automatic runs, issuing and changing invoices) is Midway's alone. */
export function requireAdmin(caller: Caller, what: string): void {
  if (caller.role !== 'midway_admin') throw forbidden(`Only Midway administrators can ${what}.`);
}
