import type { InvoiceRow } from '../data/invoice.repository';
import { generationMessage, monthEnded } from './automatic-billing.service';

const invoice = (n: number, kind: 'standard' | 'supplementary' = 'standard') => ({ invoiceNumber: `INV-2026-${String(n).padStart(6, '0')}`, kind }) as InvoiceRow;
const none = { created: [], added: [], sent: [] };

describe('monthEnded: a month still running (or to come) may get more fees', () => {
  it('is over from the 1st of the next month on', () => {
    expect(monthEnded({ month: 10, year: 2026 }, '2026-10-31')).toBe(false);
    expect(monthEnded({ month: 10, year: 2026 }, '2026-11-01')).toBe(true);
    expect(monthEnded({ month: 12, year: 2025 }, '2026-01-01')).toBe(true);
    expect(monthEnded({ month: 1, year: 2027 }, '2026-11-26')).toBe(false);
  });
});

describe('generationMessage: the toast’s one-line summary', () => {
  it('names how many invoices and the first and last number, not every number', () => {
    const created = Array.from({ length: 12 }, (_, k) => invoice(101 + k));
    expect(generationMessage({ month: 10, year: 2026 }, true, { created, added: [], sent: created })).toBe(
      'Created 12 invoices, INV-2026-000101 to INV-2026-000112, for October 2026; 12 invoices sent and e-mailed with their PDF.',
    );
  });

  it('counts supplementary invoices and drafts that got later fees', () => {
    expect(generationMessage({ month: 10, year: 2026 }, true, { created: [invoice(7, 'supplementary')], added: [], sent: [invoice(7)] })).toBe(
      'Created 1 invoice (1 supplementary), INV-2026-000007, for October 2026; 1 invoice sent and e-mailed with its PDF.',
    );
    expect(generationMessage({ month: 11, year: 2026 }, false, { created: [], added: [invoice(3), invoice(4)], sent: [] })).toBe(
      'Added later fees to 2 draft invoices. November 2026 is still running: its invoices stay drafts, and fees recorded later are billed by the next run.',
    );
  });

  it('says when there is nothing to bill', () => {
    expect(generationMessage({ month: 10, year: 2026 }, true, none)).toBe('Nothing to bill for October 2026: every fee recorded for it is already on an invoice.');
  });
});
