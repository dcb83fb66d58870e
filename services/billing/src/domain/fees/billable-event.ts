import type { BillingRateType } from '@midway/contracts';
import { Prisma } from '../../data/prisma-client';
import { lineAmount } from '../money';

/**
 * What every fee rule records: one billable event, unique by its rule's key (so recording again adds
 * nothing), charged at the rate in force on its day, amount = rate × quantity.
 */
export interface BillableEvent {
  key: string;
  projectId: string;
  itemId: string | null;
  type: BillingRateType;
  /** The day charged (YYYY-MM-DD, in the billing time zone). */
  date: string;
  quantity: number;
  rate: string;
  amount: string;
  description: string;
}

/** The event a rule charges, its amount computed from rate and quantity. */
export const billableEvent = (e: Omit<BillableEvent, 'amount'>): BillableEvent => ({ ...e, amount: lineAmount(e.rate, e.quantity) });

/** Statuses in which the warehouse holds an item: receiving and storage are charged for them. */
export const IN_STORAGE = ['received', 'stored'] as const;

/** A rule's constant (a key prefix, a type, a label) as an SQL literal, so its statements read as before and plan alike. */
export const literal = (text: string): Prisma.Sql => Prisma.raw(`'${text.replace(/'/g, "''")}'`);

/** IN_STORAGE as an SQL list: `status IN ${IN_STORAGE_SQL}`. */
export const IN_STORAGE_SQL = Prisma.raw(`(${IN_STORAGE.map((s) => `'${s}'`).join(', ')})`);

/** A status as the item's history records it: from `at` on, until the next entry. */
export interface StatusChange {
  status: string;
  /** The day it took effect (YYYY-MM-DD, in the billing time zone). */
  day: string;
}
