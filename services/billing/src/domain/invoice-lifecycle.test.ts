import { INVOICE_STATUSES, type InvoiceStatus } from '@midway/contracts';
import { canMove, isPayable, linesChangeRefusal, paymentRefusal, replacementRefusal, statusesBefore, voidRefusal } from './invoice-lifecycle';

const inv = (status: InvoiceStatus) => ({ invoiceNumber: 'INV-2026-000042', status });

describe('an invoice’s life', () => {
  it('goes draft → sent → paid, overdue or void, and nowhere from paid or void', () => {
    const moves = INVOICE_STATUSES.flatMap((from) => INVOICE_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(moves.sort()).toEqual(['draft→sent', 'draft→void', 'overdue→paid', 'overdue→void', 'sent→overdue', 'sent→paid', 'sent→void'].sort());
    expect(canMove('draft', 'paid')).toBe(false);
    expect(canMove('paid', 'void')).toBe(false);
    expect(canMove('void', 'sent')).toBe(false);
  });

  it('names what may move to a status', () => {
    expect(statusesBefore('paid').sort()).toEqual(['overdue', 'sent']);
    expect(statusesBefore('void').sort()).toEqual(['draft', 'overdue', 'sent']);
    expect(statusesBefore('sent')).toEqual(['draft']);
  });

  it('is payable when sent or overdue only', () => {
    expect(INVOICE_STATUSES.filter(isPayable).sort()).toEqual(['overdue', 'sent']);
    expect(paymentRefusal(inv('sent'))).toBeNull();
    expect(paymentRefusal(inv('overdue'))).toBeNull();
    expect(paymentRefusal(inv('draft'))).toMatch(/INV-2026-000042 is a draft.*once it is sent/);
    expect(paymentRefusal(inv('paid'))).toMatch(/already paid/);
    expect(paymentRefusal(inv('void'))).toMatch(/void and cannot be paid/);
  });

  it('lets lines change on a draft only; a sent invoice says to void it and issue a new one', () => {
    expect(linesChangeRefusal(inv('draft'))).toBeNull();
    for (const s of ['sent', 'overdue'] as const) expect(linesChangeRefusal(inv(s))).toMatch(/final.*Void it and issue a new invoice that replaces it/);
    expect(linesChangeRefusal(inv('paid'))).toMatch(/paid and final/);
    expect(linesChangeRefusal(inv('void'))).toMatch(/is void/);
  });

  it('voids anything unpaid', () => {
    expect(INVOICE_STATUSES.filter((s) => voidRefusal(inv(s)) !== null)).toEqual(['paid']);
  });

  it('replaces a sent, overdue or void invoice of the same project, never a draft, a paid one or another project’s', () => {
    const p = 'project-1';
    const of = (status: InvoiceStatus, projectId = p) => ({ ...inv(status), projectId });
    expect(replacementRefusal(of('sent'), p)).toBeNull();
    expect(replacementRefusal(of('overdue'), p)).toBeNull();
    expect(replacementRefusal(of('void'), p)).toBeNull();
    expect(replacementRefusal(of('draft'), p)).toMatch(/draft/);
    expect(replacementRefusal(of('paid'), p)).toMatch(/paid/);
    expect(replacementRefusal(of('sent', 'project-2'), p)).toMatch(/same project/);
    expect(replacementRefusal(null, p)).toMatch(/same project/);
  });
});
