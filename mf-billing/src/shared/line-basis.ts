import { SERVICE_BILLING, SERVICE_TYPES, type ServiceType } from '@midway/contracts/vocab';

const isService = (type: string): type is ServiceType => (SERVICE_TYPES as readonly string[]).includes(type);

/**
 * What an invoice line traces to, as the Services page says it: storage is a warehouse fact charged per day the
 * warehouse held the item; the other services were selected and billed when done; anything else was added by hand.
 */
export function lineBasis(type: string): { basis: string; perDay: boolean } | null {
  if (!isService(type)) return null;
  const s = SERVICE_BILLING[type];
  return s.basis === 'warehouse' ? { basis: 'Warehouse: per day held', perDay: s.per === '/day' } : { basis: 'Selected service', perDay: false };
}
