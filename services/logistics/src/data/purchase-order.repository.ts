import { purchaseOrderFileUrl, type PurchaseOrder, type PurchaseOrderSummary } from '@midway/contracts';
import type { NumberedDocument } from '../domain/purchase-orders/order-matching';
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

/** A line of an earlier order: its item, and whether a tracking number already reached it. */
export interface OrderLine {
  id: string;
  lineRef: string;
  name: string;
  sku: string | null;
  itemId: string | null;
  shipped: boolean;
}

/** A line of an order with its first shipment, whoever's document the shipment is on. */
export interface LineShipment {
  lineRef: string;
  itemId: string | null;
  shipmentId: string;
  shipmentDocumentId: string;
  trackingNumber: string;
  carrier: string | null;
}

const money = (d: { toFixed(n: number): string }) => d.toFixed(2);
const SHIPMENT = { include: { lines: { include: { line: { select: { documentId: true, document: { select: { importedAt: true } } } } } } } } as const;
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
    const linkedOrder = row.shipments.flatMap((s) => s.lines.map((l) => l.line)).find((l) => l.documentId !== row.id) ?? null;
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
      linkedPurchaseOrderId: linkedOrder?.documentId ?? null,
      linkedPurchaseOrderImported: linkedOrder?.document.importedAt != null,
      fileKey: row.fileKey,
      fileSize: row.fileSize,
    };
  }

  /**
   * The project's other purchase orders that have a number (which of them are the same order is the domain's rule),
   * locked and read as they are once any upload or import under way has committed: uploads of one order also queue
   * on its number's key (two documents of it uploaded at once each see the other), and a later document links to an
   * order's lines only as its import left them. Oldest first.
   */
  async lockNumberedDocuments(projectId: string, exceptId: string, numberKey: string): Promise<NumberedDocument[]> {
    await this.db.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`purchase-order:${projectId}:${numberKey}`}, 0))::text`;
    return this.db.$queryRaw<NumberedDocument[]>`
      SELECT d.id::text, d.number, d.vendor_name AS vendor, d.imported_at AS "importedAt",
        EXISTS (SELECT 1 FROM shipments s WHERE s.document_id = d.id) AS "shipsItself",
        EXISTS (SELECT 1 FROM shipments s JOIN shipment_line_items sl ON sl.shipment_id = s.id JOIN document_lines l ON l.id = sl.document_line_id
                WHERE s.document_id = d.id AND l.document_id <> d.id) AS "linkedElsewhere"
      FROM documents d
      WHERE d.project_id = ${projectId}::uuid AND d.type = 'purchase_order' AND d.number IS NOT NULL AND d.id <> ${exceptId}::uuid
      ORDER BY d.created_at, d.id FOR NO KEY UPDATE OF d`;
  }

  /** A document's own shipments with the ids of its lines each ships. */
  async ownShipments(documentId: string): Promise<{ id: string; lineIds: string[] }[]> {
    const rows = await this.db.shipment.findMany({ where: { documentId }, orderBy: { createdAt: 'asc' }, include: { lines: { where: { line: { documentId } } } } });
    return rows.map((s) => ({ id: s.id, lineIds: s.lines.map((l) => l.documentLineId) }));
  }

  /**
   * Each line's first shipment, whoever's document it is on, with the line's item: what an import that raced a
   * linking acknowledgement checks its items against.
   */
  async firstShipmentByLine(documentId: string): Promise<LineShipment[]> {
    return this.db.$queryRaw`
      SELECT DISTINCT ON (l.id) l.line_ref AS "lineRef", l.item_id::text AS "itemId", s.id::text AS "shipmentId", s.document_id::text AS "shipmentDocumentId",
        s.tracking_number AS "trackingNumber", s.carrier
      FROM document_lines l JOIN shipment_line_items sl ON sl.document_line_id = l.id JOIN shipments s ON s.id = sl.shipment_id
      WHERE l.document_id = ${documentId}::uuid
      ORDER BY l.id, s.created_at, s.id`;
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
   * later document linking to its lines (lockNumberedDocuments) waits for the lines' items.
   */
  /**
   * Links the lines to their items and marks the order imported, once: an import that finds it marked already (a
   * racing one got there first) changes nothing and learns when that was.
   */
  async markImported(id: string, links: { position: number; itemId: string }[]): Promise<{ importedAt: Date; first: boolean }> {
    const [row] = await this.db.$queryRaw<{ imported_at: Date | null }[]>`SELECT imported_at FROM documents WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
    if (row?.imported_at) return { importedAt: row.imported_at, first: false };
    for (const l of links) await this.db.documentLine.updateMany({ where: { documentId: id, position: l.position }, data: { itemId: l.itemId } });
    const importedAt = new Date();
    await this.db.document.updateMany({ where: { id, importedAt: null }, data: { importedAt } });
    return { importedAt, first: true };
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

function summaryOf(row: DocumentRow): Omit<PurchaseOrder, 'lines' | 'shipments' | 'linkedPurchaseOrderId' | 'linkedPurchaseOrderImported'> {
  return {
    id: row.id, projectId: row.projectId, status: row.status, vendor: row.vendorName, number: row.number,
    issueDate: row.issueDate ? row.issueDate.toISOString().slice(0, 10) : null, currencyCode: row.currencyCode,
    subtotalAmount: money(row.subtotalAmount), taxAmount: money(row.taxAmount), shippingAmount: money(row.shippingAmount), totalAmount: money(row.totalAmount),
    warnings: row.warnings, fileUrl: purchaseOrderFileUrl(row.id), importedAt: row.importedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
  };
}
