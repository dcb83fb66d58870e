import { randomUUID } from 'node:crypto';
import { HttpError, notFound, notSeenYet, type Bus, type Caller, type CatchUp } from '@midway/service-kit';
import { canOnProject, IMPORT_ITEMS_SUBJECT, importItemsReplySchema, isUuid, PURCHASE_ORDER_MAX_BYTES, type ImportItemsRequest, type PurchaseOrder, type PurchaseOrderImport, type PurchaseOrderSummary } from '@midway/contracts';
import { accessFor } from '../logistics-access';
import { detectCarrier, trackingUrl } from '@midway/carriers';
import type { UnitOfWork, Repos } from '../../data/unit-of-work';
import type { LineShipment } from '../../data/purchase-order.repository';
import type { PhotoStore } from '../photo.service';
import { logisticsEvents } from '../logistics-events';
import { readPurchaseOrder, UnreadablePurchaseOrderError, type ParsedPurchaseOrder } from './po-parser';
import { acknowledgementsWaitingFor, matchOrderLines, orderNumberKey, orderShippedBy, type NumberedDocument } from './order-matching';
import { alreadyImportedMessage } from './reimport-window';
import { PdfReadCancelledError, PdfReaderBusyError, type PdfTextReader } from './pdf-reading.pool';

const NOT_FOUND = 'Project not found';
const PO_NOT_FOUND = 'Purchase order not found';
const ACKNOWLEDGED_ORDER_IMPORTED = 'This document is about a purchase order already imported: its tracking numbers went to those items, so its lines are not imported again.';
const ACKNOWLEDGED_ORDER_WAITING = 'This document is about a purchase order uploaded earlier and not imported yet: import that order, and its items get these tracking numbers.';
/** The 503 of a full PDF pool; its answer carries Retry-After. */
export const PDF_READERS_BUSY = 'pdf_readers_busy';
export const fileKeyOf = (id: string) => `purchase-orders/${id}.pdf`;
const unavailable = () => new HttpError(503, 'file_storage_unavailable', 'File storage is not configured on this server. Ask the administrator to set S3_ENDPOINT.');

/** A PDF by its bytes: '%PDF-' within its first kilobyte (some writers put a few bytes before it). */
export const isPdf = (body: Buffer): boolean => body.subarray(0, 1024).includes('%PDF-');

/**
 * Vendors' purchase orders: an uploaded PDF read into its lines and totals, stored as a draft document with the
 * original file, and read back by those who reach its project (owner, members, admin) as photos are.
 */
export class PurchaseOrderService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PhotoStore | null,
    private readonly catchUp: CatchUp,
    private readonly bus: Bus,
    private readonly pdfs?: PdfTextReader,
  ) {}

  /**
   * Refused uploads store nothing: access, type and reading are checked before the file or a row is written. The PDF is
   * read in the worker pool; `signal` (the client gone) stops the reading.
   */
  async upload(caller: Caller, projectId: string, body: Buffer, signal?: AbortSignal): Promise<PurchaseOrder> {
    await this.catchUp.retrying(() => this.mayEdit(this.uow.read, caller, projectId));
    if (body.length > PURCHASE_ORDER_MAX_BYTES) throw new HttpError(413, 'payload_too_large', 'The PDF is larger than 10 MB.');
    if (!isPdf(body)) throw new HttpError(415, 'unsupported_media_type', 'Only a PDF purchase order can be read here; a CSV goes to Import Items.');
    if (!this.store) throw unavailable();
    let parsed;
    try {
      parsed = await readPurchaseOrder(body, this.pdfs, signal);
    } catch (e) {
      if (e instanceof UnreadablePurchaseOrderError) throw new HttpError(422, 'unprocessable_entity', e.message);
      if (e instanceof PdfReaderBusyError) throw new HttpError(503, PDF_READERS_BUSY, 'Every PDF reader is busy just now. Try the upload again in a few seconds.');
      if (e instanceof PdfReadCancelledError) throw new HttpError(400, 'upload_cancelled', 'The upload was cancelled before the PDF was read. Upload it again.');
      throw e;
    }
    const id = randomUUID();
    const lines = parsed.lines.map((l) => ({ ...l, id: randomUUID() }));
    const idOfRef = new Map(lines.map((l) => [l.lineRef, l.id]));
    const shipments = parsed.tracking.map((t) => {
      const carrier = detectCarrier(t.trackingNumber);
      return { id: randomUUID(), trackingNumber: t.trackingNumber, carrier, trackingUrl: trackingUrl(carrier, t.trackingNumber), lineIds: t.lineRefs.map((r) => idOfRef.get(r)!) };
    });
    const store = this.store;
    // Stored in the transaction: a failed store rolls the rows back, so nothing half-made remains.
    await this.uow.run(async (r) => {
      const doc: UploadedDocument = { ...parsed, id, projectId, lines, shipments };
      const sameNumber = parsed.number ? await r.purchaseOrders.lockNumberedDocuments(projectId, id, orderNumberKey(parsed.number)) : [];
      const later = shipments.length ? await linkToEarlierOrder(r, doc, sameNumber) : null;
      const warnings = [...parsed.warnings, ...(later?.warnings ?? [])];
      await r.purchaseOrders.create({ ...parsed, warnings, id, projectId, uploadedBy: caller.userId, fileKey: fileKeyOf(id), fileSize: body.length, lines, shipments });
      if (later) {
        await r.purchaseOrders.linkShipments(later.links);
        const at = new Date();
        for (const s of later.items) await r.outbox.add(logisticsEvents.shipmentLinked({ ...s, documentId: id, projectId }, caller.userId, at));
      }
      // An order uploaded after its acknowledgement: those tracking numbers ship its lines, and reach the items on import.
      if (!shipments.length) await r.purchaseOrders.linkShipments(await shipmentsWaitingFor(r, doc, sameNumber));
      await store.put(fileKeyOf(id), body, 'application/pdf');
    });
    const { fileKey: _k, fileSize: _s, ...po } = (await this.uow.read.purchaseOrders.find(id))!;
    return po;
  }

  /**
   * One item per line in catalog (name, supplier = vendor, quantity, price = unit price, SKU, schedule number = PO
   * number, notes, finish, and a shipment's tracking number and carrier), each then linked to its line. Catalog
   * imports under the document's id as its key, so importing twice at once, or again after a crash between the two
   * services, creates each item once; the answer is the bulk import's. An order imported already imports nothing
   * again: the answer has no items and says when it was imported; of imports racing, one answers the items.
   */
  async import(caller: Caller, id: string): Promise<PurchaseOrderImport> {
    const po = await this.readable(caller, id);
    await accessFor(this.uow.read, caller, po.projectId, 'editItems', { missing: PO_NOT_FOUND, changing: 'items' });
    if (po.importedAt) return nothingNew(po.importedAt);
    // An acknowledgement of an imported order ships that order's items: importing it would make them twice.
    if (po.linkedPurchaseOrderId) throw new HttpError(409, 'already_imported', po.linkedPurchaseOrderImported ? ACKNOWLEDGED_ORDER_IMPORTED : ACKNOWLEDGED_ORDER_WAITING);
    const tracking = new Map<string, { trackingNumber: string; carrierId: string | null }>();
    for (const s of po.shipments) for (const ref of s.lineRefs) if (!tracking.has(ref)) tracking.set(ref, { trackingNumber: s.trackingNumber, carrierId: s.carrier });
    const rows = po.lines.map((l) => {
      const shipped = tracking.get(l.lineRef);
      return {
        name: l.name, quantity: l.quantity, price: l.unitPrice,
        ...(po.vendor ? { supplier: po.vendor } : {}), ...(l.sku ? { skuCode: l.sku } : {}), ...(po.number ? { scheduleNumber: po.number } : {}),
        ...(l.notes ? { notes: l.notes } : {}), ...(l.finish ? { finish: l.finish } : {}),
        ...(shipped ? { trackingNumber: shipped.trackingNumber, ...(shipped.carrierId ? { carrierId: shipped.carrierId } : {}) } : {}),
      };
    });
    const request: ImportItemsRequest = { importKey: po.id, projectId: po.projectId, caller: { userId: caller.userId, email: caller.email, role: caller.role, sessionId: caller.sessionId }, rows };
    let reply;
    try {
      const msg = await this.bus.nc.request(IMPORT_ITEMS_SUBJECT, JSON.stringify(request), { timeout: 30_000 });
      reply = importItemsReplySchema.parse(msg.json());
    } catch {
      throw new HttpError(503, 'catalog_unavailable', 'The items could not be created just now. Try Import again: no item is created twice.');
    }
    if (!reply.ok) throw new HttpError(reply.status, reply.code, reply.message);
    const failed = new Set(reply.result.errorDetails.map((e) => e.row - 1));
    const lineIndexes = po.lines.map((_, i) => i).filter((i) => !failed.has(i));
    const links = reply.result.items.map((item, k) => ({ position: lineIndexes[k]!, itemId: item.id }));
    const marked = await this.uow.run(async (r) => {
      const mark = await r.purchaseOrders.markImported(po.id, links);
      if (!mark.first) return mark;
      // An acknowledgement linked while catalog made the items found no items yet: they get its numbers as they would later.
      const late = lateShipments(await r.purchaseOrders.firstShipmentByLine(po.id), tracking);
      const at = new Date();
      for (const s of late) await r.outbox.add(logisticsEvents.shipmentLinked({ ...s, purchaseOrderId: po.id, projectId: po.projectId }, caller.userId, at));
      return mark;
    });
    return marked.first ? { ...reply.result, alreadyImportedAt: null } : nothingNew(marked.importedAt);
  }

  async list(caller: Caller, projectId: string): Promise<PurchaseOrderSummary[]> {
    return this.catchUp.retrying(async () => {
      await this.mayRead(this.uow.read, caller, projectId, NOT_FOUND);
      return this.uow.read.purchaseOrders.listByProject(projectId);
    });
  }

  async get(caller: Caller, id: string): Promise<PurchaseOrder> {
    const { fileKey: _k, fileSize: _s, ...po } = await this.readable(caller, id);
    return po;
  }

  async file(caller: Caller, id: string) {
    const po = await this.readable(caller, id);
    if (!this.store) throw unavailable();
    return { contentType: 'application/pdf', size: po.fileSize, body: await this.store.get(po.fileKey) };
  }

  private async readable(caller: Caller, id: string) {
    const po = isUuid(id) ? await this.uow.read.purchaseOrders.find(id.toLowerCase()) : null;
    if (!po) throw notFound(PO_NOT_FOUND);
    await this.mayRead(this.uow.read, caller, po.projectId, PO_NOT_FOUND, false);
    return po;
  }

  /** Owner, members who edit items, and admins; a viewer or a stranger gets the 404 of a missing project. */
  private async mayEdit(r: Pick<Repos, 'access'>, caller: Caller, projectId: string): Promise<void> {
    const access = isUuid(projectId) ? await r.access.accessOf(caller, projectId) : null;
    if (!access) throw isUuid(projectId) ? notSeenYet('catalog.project', projectId, NOT_FOUND) : notFound(NOT_FOUND);
    if (!canOnProject(access, 'editItems')) throw notFound(NOT_FOUND);
  }

  private async mayRead(r: Pick<Repos, 'access'>, caller: Caller, projectId: string, missing: string, askCatalog = true): Promise<void> {
    const access = isUuid(projectId) ? await r.access.accessOf(caller, projectId) : null;
    if (!access) throw askCatalog && isUuid(projectId) ? notSeenYet('catalog.project', projectId, missing) : notFound(missing);
  }
}

const nothingNew = (importedAt: Date | string): PurchaseOrderImport => ({
  items: [], errors: 0, errorDetails: [], alreadyImportedAt: new Date(importedAt).toISOString(), message: alreadyImportedMessage(importedAt),
});

interface UploadedDocument extends Omit<ParsedPurchaseOrder, 'lines' | 'tracking'> {
  id: string;
  projectId: string;
  lines: (ParsedPurchaseOrder['lines'][number] & { id: string })[];
  shipments: { id: string; trackingNumber: string; carrier: string | null; lineIds: string[] }[];
}

/**
 * An acknowledgement or packing list of an order uploaded earlier (see orderShippedBy): its shipments ship the
 * matching lines of that order, and each item already made from a line no tracking number had reached yet is to get
 * its line's first one (an order not imported yet has no items: its import carries them). Uploads of one order
 * queue on its number, so a repeated or raced upload of the same document links and announces nothing new. Its lines
 * that match none of the order's are said in warnings.
 */
async function linkToEarlierOrder(r: Repos, doc: UploadedDocument, sameNumber: NumberedDocument[]) {
  const order = orderShippedBy(doc, sameNumber);
  if (!order) return null;
  const orderLines = await r.purchaseOrders.orderLines(order.id);
  const { matches } = matchOrderLines(doc.lines, orderLines);
  const links: { shipmentId: string; documentLineId: string }[] = [];
  const items = new Map<string, { shipmentId: string; purchaseOrderId: string; trackingNumber: string; carrierId: string | null; itemIds: string[] }>();
  const reached = new Set<string>();
  const warnings: string[] = [];
  doc.lines.forEach((line, i) => {
    const match = matches[i];
    if (match === null || match === undefined) {
      const label = [line.name, line.sku].filter(Boolean).join(', ');
      warnings.push(`Line ${line.lineRef} (${label}) matches no line of purchase order ${order.number}; no item gets its tracking number.`);
      return;
    }
    const target = orderLines[match]!;
    const shipping = doc.shipments.filter((s) => s.lineIds.includes(line.id));
    for (const s of shipping) links.push({ shipmentId: s.id, documentLineId: target.id });
    const first = shipping[0];
    if (!first || !target.itemId || target.shipped || reached.has(target.id)) return;
    reached.add(target.id);
    const entry = items.get(first.id) ?? { shipmentId: first.id, purchaseOrderId: order.id, trackingNumber: first.trackingNumber, carrierId: first.carrier, itemIds: [] };
    entry.itemIds.push(target.itemId);
    items.set(first.id, entry);
  });
  return { links, items: [...items.values()], warnings };
}

/** The shipments of acknowledgements uploaded before this order (see acknowledgementsWaitingFor), on its matching lines. */
async function shipmentsWaitingFor(r: Repos, order: UploadedDocument, sameNumber: NumberedDocument[]) {
  const links: { shipmentId: string; documentLineId: string }[] = [];
  for (const ack of acknowledgementsWaitingFor(order, sameNumber)) {
    const ackLines = await r.purchaseOrders.orderLines(ack.id);
    const { matches } = matchOrderLines(ackLines, order.lines);
    const matchOf = new Map(ackLines.map((l, i) => [l.id, matches[i]]));
    for (const s of await r.purchaseOrders.ownShipments(ack.id)) {
      for (const lineId of s.lineIds) {
        const match = matchOf.get(lineId);
        if (match !== null && match !== undefined) links.push({ shipmentId: s.id, documentLineId: order.lines[match]!.id });
      }
    }
  }
  return links;
}

/** Items just imported whose line a shipment reached after the import read the order: each shipment's, as one fact. */
function lateShipments(firstByLine: LineShipment[], sentWithImport: ReadonlyMap<string, unknown>) {
  const byShipment = new Map<string, { shipmentId: string; documentId: string; trackingNumber: string; carrierId: string | null; itemIds: string[] }>();
  for (const l of firstByLine) {
    if (!l.itemId || sentWithImport.has(l.lineRef)) continue;
    const entry = byShipment.get(l.shipmentId) ?? { shipmentId: l.shipmentId, documentId: l.shipmentDocumentId, trackingNumber: l.trackingNumber, carrierId: l.carrier, itemIds: [] };
    entry.itemIds.push(l.itemId);
    byShipment.set(l.shipmentId, entry);
  }
  return [...byShipment.values()];
}
