import { purchaseOrderFileUrl, type PurchaseOrder, type PurchaseOrderSummary } from '@midway/contracts';
import type { Client } from './prisma-client';

export interface NewPurchaseOrder {
  id: string;
  projectId: string;
  uploadedBy: string;
  vendor: string | null;
  number: string | null;
  issueDate: string | null;
  currencyCode: string;
  subtotalAmount: string;
  taxAmount: string;
  shippingAmount: string;
  totalAmount: string;
  warnings: string[];
  fileKey: string;
  fileSize: number;
  lines: { id: string; lineRef: string; name: string; sku: string | null; quantity: number; unitPrice: string; lineTotal: string; finish?: string; notes?: string }[];
  shipments: { id: string; trackingNumber: string; carrier: string | null; trackingUrl: string | null; lineIds: string[] }[];
}

const money = (d: { toFixed(n: number): string }) => d.toFixed(2);
const INCLUDE = { lines: { orderBy: { position: 'asc' }, include: { shipments: true } }, shipments: { include: { lines: true } } } as const;

/** Purchase orders (documents of type purchase_order) with their lines and shipments. */
export class PurchaseOrderRepository {
  constructor(private readonly db: Client) {}

  async create(po: NewPurchaseOrder): Promise<void> {
    await this.db.document.create({
      data: {
        id: po.id, projectId: po.projectId, type: 'purchase_order', status: 'draft', number: po.number, vendorName: po.vendor,
        issueDate: po.issueDate ? new Date(`${po.issueDate}T00:00:00Z`) : null, currencyCode: po.currencyCode,
        subtotalAmount: po.subtotalAmount, taxAmount: po.taxAmount, shippingAmount: po.shippingAmount, totalAmount: po.totalAmount,
        warnings: po.warnings, fileKey: po.fileKey, fileSize: po.fileSize, uploadedBy: po.uploadedBy,
        lines: {
          create: po.lines.map((l, position) => ({
            id: l.id, position, lineRef: l.lineRef, productName: l.name, sku: l.sku, finish: l.finish ?? null, notes: l.notes ?? null,
            qty: String(l.quantity), unitPrice: l.unitPrice, lineTotal: l.lineTotal,
          })),
        },
      },
    });
    for (const s of po.shipments) {
      await this.db.shipment.create({
        data: { id: s.id, documentId: po.id, trackingNumber: s.trackingNumber, carrier: s.carrier, trackingUrl: s.trackingUrl, lines: { create: s.lineIds.map((documentLineId) => ({ documentLineId })) } },
      });
    }
  }

  async find(id: string): Promise<(PurchaseOrder & { fileKey: string; fileSize: number }) | null> {
    const row = await this.db.document.findFirst({ where: { id, type: 'purchase_order' }, include: INCLUDE });
    if (!row) return null;
    const refOf = new Map(row.lines.map((l) => [l.id, l.lineRef]));
    return {
      ...summaryOf(row),
      lines: row.lines.map((l) => ({
        lineRef: l.lineRef, name: l.productName, sku: l.sku, quantity: Number(l.qty), unitPrice: money(l.unitPrice), lineTotal: money(l.lineTotal),
        ...(l.finish ? { finish: l.finish } : {}), ...(l.notes ? { notes: l.notes } : {}), itemId: l.itemId,
      })),
      shipments: row.shipments.map((s) => ({
        id: s.id, trackingNumber: s.trackingNumber, carrier: s.carrier, trackingUrl: s.trackingUrl, status: s.status,
        lineRefs: s.lines.map((l) => refOf.get(l.documentLineId)!).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
      })),
      fileKey: row.fileKey,
      fileSize: row.fileSize,
    };
  }

  /** Links each imported line to its item and stamps the first import. */
  async markImported(id: string, links: { position: number; itemId: string }[]): Promise<void> {
    for (const l of links) await this.db.documentLine.updateMany({ where: { documentId: id, position: l.position }, data: { itemId: l.itemId } });
    await this.db.document.updateMany({ where: { id, importedAt: null }, data: { importedAt: new Date() } });
  }

  /** The project's purchase orders, newest first. */
  async listByProject(projectId: string): Promise<PurchaseOrderSummary[]> {
    const rows = await this.db.document.findMany({
      where: { projectId, type: 'purchase_order' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      include: { _count: { select: { lines: true } } },
    });
    return rows.map((r) => ({ ...summaryOf(r), lineCount: r._count.lines }));
  }
}

type DocumentRow = Awaited<ReturnType<Client['document']['findMany']>>[number];

function summaryOf(row: DocumentRow): Omit<PurchaseOrder, 'lines' | 'shipments'> {
  return {
    id: row.id, projectId: row.projectId, status: row.status, vendor: row.vendorName, number: row.number,
    issueDate: row.issueDate ? row.issueDate.toISOString().slice(0, 10) : null, currencyCode: row.currencyCode,
    subtotalAmount: money(row.subtotalAmount), taxAmount: money(row.taxAmount), shippingAmount: money(row.shippingAmount), totalAmount: money(row.totalAmount),
    warnings: row.warnings, fileUrl: purchaseOrderFileUrl(row.id), importedAt: row.importedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
  };
}
