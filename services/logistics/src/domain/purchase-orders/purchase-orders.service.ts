import { randomUUID } from 'node:crypto';
import { HttpError, notFound, notSeenYet, type Caller, type CatchUp } from '@midway/service-kit';
import { canOnProject, isUuid, PURCHASE_ORDER_MAX_BYTES, type PurchaseOrder, type PurchaseOrderSummary } from '@midway/contracts';
import { detectCarrier, trackingUrl } from '@midway/carriers';
import type { UnitOfWork, Repos } from '../../data/unit-of-work';
import type { PhotoStore } from '../photo.service';
import { readPurchaseOrder, UnreadablePurchaseOrderError } from './po-parser';

const NOT_FOUND = 'Project not found';
const PO_NOT_FOUND = 'Purchase order not found';
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
  ) {}

  /** Refused uploads store nothing: access, type and reading are checked before the file or a row is written. */
  async upload(caller: Caller, projectId: string, body: Buffer): Promise<PurchaseOrder> {
    await this.catchUp.retrying(() => this.mayEdit(this.uow.read, caller, projectId));
    if (body.length > PURCHASE_ORDER_MAX_BYTES) throw new HttpError(413, 'payload_too_large', 'The PDF is larger than 10 MB.');
    if (!isPdf(body)) throw new HttpError(415, 'unsupported_media_type', 'Only a PDF purchase order can be read here; a CSV goes to Import Items.');
    if (!this.store) throw unavailable();
    let parsed;
    try {
      parsed = await readPurchaseOrder(body);
    } catch (e) {
      if (e instanceof UnreadablePurchaseOrderError) throw new HttpError(422, 'unprocessable_entity', e.message);
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
      await r.purchaseOrders.create({ ...parsed, id, projectId, uploadedBy: caller.userId, fileKey: fileKeyOf(id), fileSize: body.length, lines, shipments });
      await store.put(fileKeyOf(id), body, 'application/pdf');
    });
    const { fileKey: _k, fileSize: _s, ...po } = (await this.uow.read.purchaseOrders.find(id))!;
    return po;
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
