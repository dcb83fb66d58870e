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

/** An imported purchase order a later document of the same project may be about (see order-matching). */
export interface EarlierOrder {
  id: string;
  number: string | null;
  vendor: string | null;
  importedAt: Date | null;
}

/** A line of an earlier order: its item, and whether a tracking number already reached it. */
export interface OrderLine {
  id: string;
  lineRef: string;
  name: string;
  sku: string | null;
  itemId: string | null;
  shipped: boolean;
}

const money = (d: { toFixed(n: number): string }) => d.toFixed(2);
const SHIPMENT = { include: { lines: { include: { line: { select: { documentId: true } } } } } } as const;
const INCLUDE = { lines: { orderBy: { position: 'asc' }, include: { shipments: { include: { shipment: SHIPMENT } } } }, shipments: SHIPMENT } as const;

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
    // Its own shipments, then those a later document (an acknowledgement) linked to its lines: one per tracking
    // number, as the same acknowledgement uploaded twice prints the same ones.
    const shipments = new Map(row.shipments.map((s) => [s.trackingNumber, { ...s, lineIds: new Set(s.lines.map((l) => l.documentLineId)) }]));
    for (const l of row.lines) {
      for (const { shipment } of l.shipments) {
        const known = shipments.get(shipment.trackingNumber) ?? { ...shipment, lineIds: new Set<string>() };
        known.lineIds.add(l.id);
        shipments.set(shipment.trackingNumber, known);
      }
    }
    const linkedOrder = row.shipments.flatMap((s) => s.lines.map((l) => l.line.documentId)).find((d) => d !== row.id) ?? null;
    return {
      ...summaryOf(row),
      lines: row.lines.map((l) => ({
        lineRef: l.lineRef, name: l.productName, sku: l.sku, quantity: Number(l.qty), unitPrice: money(l.unitPrice), lineTotal: money(l.lineTotal),
        ...(l.finish ? { finish: l.finish } : {}), ...(l.notes ? { notes: l.notes } : {}), itemId: l.itemId,
      })),
      shipments: [...shipments.values()].map((s) => ({
        id: s.id, trackingNumber: s.trackingNumber, carrier: s.carrier, trackingUrl: s.trackingUrl, status: s.status,
        lineRefs: [...s.lineIds].flatMap((lineId) => refOf.get(lineId) ?? []).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
      })),
      linkedPurchaseOrderId: linkedOrder,
      fileKey: row.fileKey,
      fileSize: row.fileSize,
    };
  }

  /**
   * The project's other purchase orders that have a number, locked (oldest first, so racing uploads lock in one
   * order) and read as they are once any import under way has committed: a later document links to an order's
   * lines only as its import left them.
   */
  async lockNumberedOrders(projectId: string, exceptId: string): Promise<EarlierOrder[]> {
    return this.db.$queryRaw<EarlierOrder[]>`
      SELECT id::text, number, vendor_name AS vendor, imported_at AS "importedAt" FROM documents
      WHERE project_id = ${projectId}::uuid AND type = 'purchase_order' AND number IS NOT NULL AND id <> ${exceptId}::uuid
      ORDER BY created_at, id FOR NO KEY UPDATE`;
  }

  async orderLines(documentId: string): Promise<OrderLine[]> {
    const rows = await this.db.documentLine.findMany({ where: { documentId }, orderBy: { position: 'asc' }, include: { _count: { select: { shipments: true } } } });
    return rows.map((l) => ({ id: l.id, lineRef: l.lineRef, name: l.productName, sku: l.sku, itemId: l.itemId, shipped: l._count.shipments > 0 }));
  }

  /** Ships lines of another document (an earlier order's) with a shipment; a link already made stays one. */
  async linkShipments(links: { shipmentId: string; documentLineId: string }[]): Promise<void> {
    if (links.length) await this.db.shipmentLineItem.createMany({ data: links, skipDuplicates: true });
  }

  /**
   * Links each imported line to its item and stamps the first import. The document's row is locked first, so a
   * later document linking to its lines (lockNumberedOrders) waits for the lines' items.
   */
  async markImported(id: string, links: { position: number; itemId: string }[]): Promise<void> {
    await this.db.$queryRaw`SELECT id FROM documents WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
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

function summaryOf(row: DocumentRow): Omit<PurchaseOrder, 'lines' | 'shipments' | 'linkedPurchaseOrderId'> {
  return {
    id: row.id, projectId: row.projectId, status: row.status, vendor: row.vendorName, number: row.number,
    issueDate: row.issueDate ? row.issueDate.toISOString().slice(0, 10) : null, currencyCode: row.currencyCode,
    subtotalAmount: money(row.subtotalAmount), taxAmount: money(row.taxAmount), shippingAmount: money(row.shippingAmount), totalAmount: money(row.totalAmount),
    warnings: row.warnings, fileUrl: purchaseOrderFileUrl(row.id), importedAt: row.importedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
  };
}
