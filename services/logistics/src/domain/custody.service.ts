import { badRequest, conflict, notSeenYet, type Caller, type CatchUp } from '@midway/service-kit';
import { isAdmin, scanTargetOf, type CustodyEvent, type CustodyView, type MoveBody, type ReleaseBody, type WarehouseItemsQuery } from '@midway/contracts';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import type { WarehouseItemsCursor } from '../data/custody.repository';
import type { Clock } from './inspection-due';
import { custodyEvents } from './custody-events';
import { decideMove } from './move-rule';
import { decideRelease } from './release-rule';
import { accessFor, requireStaff } from './logistics-access';
import { startLabelPrinter, type LabelPrinter } from './label-pdf.pool';
import type { PhotoStore } from './photo.service';
import { keepReleaseSignature, signaturePng } from './release-signature';
import { itemTrackingKey } from './tracking-code';

const STAFF_ONLY = 'Only Midway staff (administrators) put away, move, find and release items in the warehouse.';
const ITEM_NOT_FOUND = 'Item not found';

/** find's position after a page, opaque to callers (X-Next-Cursor); a tampered one is a 400. */
export const encodeWarehouseCursor = (c: WarehouseItemsCursor) => Buffer.from(`${c.since}|${c.itemId}`).toString('base64url');
export function decodeWarehouseCursor(cursor: string): WarehouseItemsCursor {
  const [since = '', itemId = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = Date.parse(since);
  if (Number.isNaN(at) || new Date(at).toISOString() !== since || !/^[0-9a-f-]{36}$/.test(itemId)) throw badRequest('cursor is not valid: start again without it');
  return { since, itemId };
}

/**
 * Custody of each item: put-away and move scans, find, the custody view and timeline, release, and the item's
 * labels. Each fact (its item's row, its timeline line and its event) is one unit of work; a repeated scan of an
 * item where it already is records nothing.
 */
export class CustodyService {
  private printer: LabelPrinter | undefined;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly catchUp: CatchUp,
    /** The object store keeps a release's signature (null: a release with one is a 503 saying so). */
    private readonly deps: { clock: Clock; onStop: (stop: () => Promise<void>) => void; store: PhotoStore | null },
  ) {}

  /** POST /api/warehouse/moves: 400 naming an unknown location or an item not in custody. */
  async move(caller: Caller, body: MoveBody): Promise<CustodyView> {
    requireStaff(caller, STAFF_ONLY);
    const { itemId } = scanTargetOf(body);
    await this.catchUp.retrying(() =>
      this.uow.run(async (r) => {
        const to = await r.locations.byCode(body.locationCode);
        if (!to) throw badRequest(`There is no location ${body.locationCode}: create it (POST /api/warehouse/locations) or scan another label.`);
        const item = await r.custody.lockItem(itemId);
        if (!item) throw notSeenYet('catalog.item', itemId, `No item ${itemId}: scan the item’s label again.`);
        const decision = decideMove(item, to);
        if (decision.kind === 'refused') throw badRequest(decision.message);
        if (decision.kind === 'unchanged') return;
        const at = this.deps.clock();
        await r.custody.place(item.id, to.id);
        await r.custody.append({ itemId: item.id, projectId: item.projectId, kind: decision.kind, at, byUserId: caller.userId, fromLocationId: item.locationId, toLocationId: to.id });
        await r.outbox.add(
          decision.kind === 'put-away'
            ? custodyEvents.putAway({ itemId: item.id, projectId: item.projectId, locationId: to.id, locationCode: to.code }, caller.userId, at)
            : custodyEvents.moved({ itemId: item.id, projectId: item.projectId, locationId: to.id, locationCode: to.code, fromLocationCode: decision.fromLocationCode }, caller.userId, at),
        );
      }),
    );
    return (await this.uow.read.custody.view(itemId))!;
  }

  /** GET /api/warehouse/items: a page of items in custody, and the cursor of the next. */
  async find(caller: Caller, query: WarehouseItemsQuery): Promise<{ items: CustodyView[]; nextCursor: string | null }> {
    requireStaff(caller, STAFF_ONLY);
    const after = query.cursor ? decodeWarehouseCursor(query.cursor) : null;
    const { items, next } = await this.uow.read.custody.find(query.q, query.q ? itemTrackingKey(query.q) : null, query.limit, after);
    return { items, nextCursor: next ? encodeWarehouseCursor(next) : null };
  }

  /** Staff see every item's custody; a designer who reads the item's project sees its own (others: 404). */
  async view(caller: Caller, itemId: string): Promise<CustodyView> {
    return this.catchUp.retrying(() => this.readable(this.uow.read, caller, itemId));
  }

  /** The item's timeline, oldest first; designers never see staff notes. */
  async timeline(caller: Caller, itemId: string): Promise<CustodyEvent[]> {
    return this.catchUp.retrying(async () => {
      await this.readable(this.uow.read, caller, itemId);
      const lines = await this.uow.read.custody.timeline(itemId);
      return isAdmin(caller) ? lines : lines.map(({ staffNote: _hidden, ...line }) => line);
    });
  }

  private async readable(r: Omit<Repos, 'outbox'>, caller: Caller, itemId: string): Promise<CustodyView> {
    const view = await r.custody.view(itemId);
    if (!view) throw notSeenYet('catalog.item', itemId, ITEM_NOT_FOUND);
    if (!isAdmin(caller)) await accessFor(r, caller, view.projectId, 'read', { missing: ITEM_NOT_FOUND, changing: 'items' });
    return view;
  }

  /** POST /api/warehouse/items/{id}/release: custody ends now; a second release is a 409 saying when the first was. */
  async release(caller: Caller, itemId: string, body: ReleaseBody): Promise<CustodyView> {
    requireStaff(caller, STAFF_ONLY);
    const signature = body.signature ? signaturePng(body.signature) : null;
    await this.catchUp.retrying(() =>
      this.uow.run(async (r) => {
        const item = await r.custody.lockItem(itemId);
        if (!item) throw notSeenYet('catalog.item', itemId, ITEM_NOT_FOUND);
        const decision = decideRelease(item, body.reason);
        if (decision.kind === 'refused') throw conflict(decision.message);
        const at = this.deps.clock();
        await r.custody.end(item.id, body.reason, at, decision.status);
        const note = signature ? `Signed: ${await keepReleaseSignature(r, this.deps.store, signature, caller.userId, item.projectId, at)}` : null;
        await r.custody.append({ itemId: item.id, projectId: item.projectId, kind: 'released', at, byUserId: caller.userId, fromLocationId: item.locationId, reason: `${body.reason}: received by ${body.receivedBy}`, staffNote: note });
        await r.outbox.add(custodyEvents.released({ itemId: item.id, projectId: item.projectId, reason: body.reason, receivedBy: body.receivedBy }, caller.userId, at));
      }),
    );
    return (await this.uow.read.custody.view(itemId))!;
  }

  /** GET /api/warehouse/items/{id}/label.pdf: one 4×6 in page per expected piece. */
  async itemLabel(caller: Caller, itemId: string): Promise<{ pdf: Buffer; filename: string }> {
    requireStaff(caller, STAFF_ONLY);
    const facts = await this.catchUp.retrying(async () => {
      const found = await this.uow.read.custody.labelFacts(itemId);
      if (!found) throw notSeenYet('catalog.item', itemId, ITEM_NOT_FOUND);
      return found;
    });
    const pdf = await this.labels().item({ kind: 'item', ...facts });
    return { pdf, filename: `item-${itemId.slice(0, 8)}-labels.pdf` };
  }

  /** The label thread, started on the first label and closed with the service. */
  labels(): LabelPrinter {
    if (!this.printer) {
      const printer = (this.printer = startLabelPrinter());
      this.deps.onStop(() => printer.close());
    }
    return this.printer;
  }

  /**
   * A delivery's completion (deliveries.service): its delivered items leave custody as of `at`, each with its
   * timeline line; each excepted one keeps its place and gets a line with the exception's note (the designer sees it
   * on the item too).
   */
  static async delivered(r: Repos, delivery: { id: string; runId: string | null }, deliveredItemIds: string[], exceptions: { itemId: string; note: string }[], byUserId: string, at: Date): Promise<void> {
    for (const itemId of deliveredItemIds) {
      const item = await r.custody.lockItem(itemId);
      if (!item || item.custodyState === null) continue;
      await r.custody.end(itemId, 'delivered', at, 'delivered');
      await r.custody.append({ itemId, projectId: item.projectId, kind: 'delivered', at, byUserId, fromLocationId: item.locationId, deliveryId: delivery.id, runId: delivery.runId });
    }
    for (const e of exceptions) {
      const item = await r.custody.lockItem(e.itemId);
      // An item left behind at the load check never went out: its timeline has that line already.
      if (!item || (item.custodyState !== 'out' && item.custodyState !== 'loaded')) continue;
      await r.custody.comeBack(e.itemId);
      await r.custody.append({ itemId: e.itemId, projectId: item.projectId, kind: 'left-behind', at, byUserId, deliveryId: delivery.id, runId: delivery.runId, reason: `Not delivered: ${e.note}` });
    }
  }
}
