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

/** A rule's constant (a key prefix, a type, a label) as an SQL literal, so its statements read as before and plan alike. */
export const literal = (text: string): Prisma.Sql => Prisma.raw(`'${text.replace(/'/g, "''")}'`);

/**
 * The warehouse's custody of an item as the fee rules read it (logistics' facts, never a status): the day it
 * arrived and the day it left by a delivery's completion or a release (null while the warehouse still holds it),
 * both in the billing time zone (YYYY-MM-DD).
 */
export interface CustodyInterval {
  sinceDay: string;
  endDay: string | null;
}
