import Papa from 'papaparse';
import { projectSummaryCsv, summaryFileName } from './export-summary';
import { aCost, aProjectDetail, anItem } from '../test-fixtures';

describe('Export Summary CSV', () => {
  const project = aProjectDetail({
    items: [
      anItem({ name: 'Walnut dining table', supplier: 'Atelier North', status: 'received', quantity: 2, price: '1250.50', trackingNumber: '1Z999', receivedAt: '2026-03-04T10:00:00.000Z' }),
      anItem({ id: '1b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d', name: '=HYPERLINK("x")', supplier: null, status: 'in-transit', price: null }),
    ],
    costs: [aCost({ type: 'storage', amount: '40.00', description: 'March storage', date: '2026-03-31T00:00:00.000Z' })],
    totalCost: '2541.00',
  });

  const blocks = projectSummaryCsv(project).replace(/\r\n$/, '').split('\r\n\r\n').map((b) => Papa.parse<string[]>(b).data);

  it('has a summary block with the project and totals', () => {
    expect(blocks[0]).toEqual([
      ['Project', 'Lakeview Residence'],
      ['Client', 'Jordan Ellis'],
      ['Client Email', 'jordan@example.com'],
      ['Location', '12 Harbour St, Toronto'],
      ['Status', 'active'],
      ['Install Date', 'May 14, 2026'],
      ['Total Items', '2'],
      ['Items Value', '2501.00'],
      ['Total Cost', '2541.00'],
    ]);
  });

  it('lists every item with quantity, unit price, line total and dates', () => {
    expect(blocks[1][0]).toEqual(['Item', 'Supplier', 'Status', 'Quantity', 'Unit Price', 'Line Total', 'Tracking Number', 'Received', 'Delivered']);
    expect(blocks[1][1]).toEqual(['Walnut dining table', 'Atelier North', 'Received', '2', '1250.50', '2501.00', '1Z999', 'Mar 4, 2026', '']);
    // A formula-like value is neutralised for spreadsheets.
    expect(blocks[1][2]).toEqual(["'=HYPERLINK(\"x\")", '', 'In Transit', '1', '', '', '', '', '']);
  });

  it('lists the costs', () => {
    expect(blocks[2]).toEqual([
      ['Cost Type', 'Description', 'Date', 'Amount'],
      ['storage', 'March storage', 'Mar 31, 2026', '40.00'],
    ]);
  });

  it('names the file after the project and the day', () => {
    expect(summaryFileName('Lakeview Residence — Phase 2', new Date('2026-03-05T12:00:00Z'))).toBe('lakeview-residence-phase-2-summary-2026-03-05.csv');
  });
});
