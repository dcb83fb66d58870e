import type { ProjectDetail } from '@midway/contracts';
import Papa from 'papaparse';
import { formatDate } from '../shared/format';
import { itemsValue, itemValue } from '../shared/items-value';
import { ITEM_STATUS_LABELS } from '@midway/ui/status';

const ITEM_COLUMNS = ['Item', 'Supplier', 'Status', 'Quantity', 'Unit Price', 'Line Total', 'Tracking Number', 'Received', 'Delivered'];
const COST_COLUMNS = ['Cost Type', 'Description', 'Date', 'Amount'];

/** Papa.unparse with spreadsheet formula injection neutralised (a cell starting with =, +, - or @ is quoted as text). */
const csv = (fields: string[], data: (string | number)[][]) => Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' });

/**
 * Export Summary: the project's items and costs as one CSV with three blocks (summary, items, costs),
 * amounts as plain decimals so spreadsheets can sum them.
 */
export function projectSummaryCsv(project: ProjectDetail): string {
  const itemRows = project.items.map((i) => [
    i.name,
    i.supplier ?? '',
    ITEM_STATUS_LABELS[i.status],
    i.quantity,
    i.price ?? '',
    itemValue(i) ?? '',
    i.trackingNumber ?? '',
    formatDate(i.receivedAt) ?? '',
    formatDate(i.deliveredAt) ?? '',
  ]);
  const costRows = project.costs.map((c) => [c.type, c.description ?? '', formatDate(c.date) ?? '', c.amount]);
  const summary = csv(
    ['Project', project.name],
    [
      ['Client', project.clientName],
      ['Client Email', project.clientEmail ?? ''],
      ['Location', project.location],
      ['Status', project.status],
      ['Install Date', formatDate(project.installDate) ?? 'Not set'],
      ['Total Items', project.items.length],
      ['Items Value', itemsValue(project.items)],
      ['Total Cost', project.totalCost],
    ],
  );
  return [summary, csv(ITEM_COLUMNS, itemRows), csv(COST_COLUMNS, costRows)].join('\r\n\r\n') + '\r\n';
}

export function summaryFileName(projectName: string, today = new Date()): string {
  const slug = projectName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'project';
  return `${slug}-summary-${today.toISOString().slice(0, 10)}.csv`;
}

/** Hands the CSV to the browser as a download (a blob: URL, allowed by the gateway's CSP). */
export function downloadCsv(fileName: string, content: string): void {
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', content], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
