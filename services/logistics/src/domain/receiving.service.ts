import { randomUUID } from 'node:crypto';
import { badRequest, forbidden, HttpError, notFound, notSeenYet, type Caller, type CatchUp } from '@midway/service-kit';
import {
  isAdmin,
  isDamageCondition,
  photoPath,
  type Arrival,
  type AssignableItem,
  type AssignableItemsQuery,
  type AssignArrivalBody,
  type DiscardArrivalBody,
  type CreateArrivalBody,
  type InspectBody,
  type Inspection,
  type InspectionQueueEntry,
  type ListArrivalsQuery,
  type ListInspectionsQuery,
  type ScanBody,
  type ScanResponse,
} from '@midway/contracts';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import type { ArrivalRecord, ReceivableItem } from '../data/arrival.repository';
import { awaitsPieces, piecesAfterArrival } from './custody-pieces';
import { inspectionDueAt, isOverdue, type Clock } from './inspection-due';
import { logisticsEvents } from './logistics-events';
import { uploadIdOf } from './photo.service';
import { matchesBySuffix, readScannedCode } from './tracking-code';

/** The receiving desk is the provider's staff's alone. */
function requireStaff(caller: Caller): void {
  if (!isAdmin(caller)) throw forbidden('Only Midway staff (administrators) work the receiving desk.');
}

const deliveredAlready = () => new HttpError(409, 'conflict', 'This item was already delivered: it cannot arrive at the warehouse again.');
const NOT_A_PHOTO = 'each photoUrl must be an uploadURL you uploaded a photo to (POST /api/objects/upload, then PUT the file), or its /api/photos/{id} path';

/**
 * The receiving desk: reads a scanned code and finds its items across every designer, records each item's one
 * arrival (the item becomes received and its inspection falls due 48 hours later), keeps unmatched arrivals
 * until they are assigned, and records each arrived item's one inspection — a damage report when it is not
 * good. Every change and its events commit together (the outbox).
 */
export class ReceivingService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    /** Sends a damage report's e-mail once its inspection has committed. */
    private readonly onDamageReported: (damageReportId: string) => void,
    /** An item catalog has but logistics has not heard of yet (just created) is asked for, not a 404. */
    private readonly catchUp: CatchUp,
  ) {}

  async scan(caller: Caller, body: ScanBody): Promise<ScanResponse> {
    requireStaff(caller);
    const { trackingNumber, carrierId } = readScannedCode(body.code);
    const matches = trackingNumber ? await this.uow.read.scan.matches(trackingNumber, matchesBySuffix(trackingNumber)) : [];
    return { code: body.code, trackingNumber, carrierId, matches };
  }

  /** 201 with a new arrival; 200 with the first one when the item had arrived already (nothing changes). */
  async recordArrival(caller: Caller, body: CreateArrivalBody): Promise<{ created: boolean; arrival: Arrival }> {
    requireStaff(caller);
    const { trackingNumber, carrierId } = readScannedCode(body.code);
    const { itemId } = body;
    const arrival = { id: randomUUID(), code: body.code, trackingNumber, carrierId, notes: body.notes || null, byUserId: caller.userId, pieces: body.pieces ?? 1 };
    const result = await this.catchUp.retrying(() => this.uow.run(async (r) => {
      if (!itemId) {
        await r.arrivals.insert({ ...arrival, itemId: null, arrivedAt: this.clock(), inspectionDueAt: null });
        return { created: true, id: arrival.id };
      }
      const item = await r.arrivals.lockItem(itemId);
      if (!item) throw notSeenYet('catalog.item', itemId, 'Item not found');
      const first = await r.arrivals.ofItem(itemId);
      if (first) {
        // The same item again: more of its pieces, or a repeat (nothing changes).
        await this.morePieces(r, first, arrival.pieces, caller.userId);
        return { created: false, id: first.id };
      }
      if (item.status === 'delivered') throw deliveredAlready();
      const arrivedAt = this.clock();
      const dueAt = inspectionDueAt(arrivedAt);
      await r.arrivals.insert({ ...arrival, itemId, arrivedAt, inspectionDueAt: dueAt });
      await this.received(r, item, { id: arrival.id, trackingNumber, notes: arrival.notes, arrivedAt, pieces: arrival.pieces }, dueAt, caller.userId);
      return { created: true, id: arrival.id };
    }));
    return { created: result.created, arrival: (await this.uow.read.arrivals.view(result.id))! };
  }

  async listArrivals(caller: Caller, query: ListArrivalsQuery): Promise<Arrival[]> {
    requireStaff(caller);
    return this.uow.read.arrivals.list(query.status);
  }

  /** An unmatched arrival becomes its item's: the item is received as of the arrival, due 48 hours after it. */
  async assignArrival(caller: Caller, id: string, body: AssignArrivalBody): Promise<Arrival> {
    requireStaff(caller);
    await this.catchUp.retrying(() => this.uow.run(async (r) => {
      const arrival = await r.arrivals.lock(id);
      if (!arrival) throw notFound('Arrival not found');
      if (arrival.itemId === body.itemId) return;
      if (arrival.discardedAt) throw new HttpError(409, 'conflict', 'This arrival was discarded: scan the parcel again to record its arrival.');
      if (arrival.itemId) throw new HttpError(409, 'conflict', 'This arrival is already assigned to another item.');
      const item = await r.arrivals.lockItem(body.itemId);
      if (!item) throw notSeenYet('catalog.item', body.itemId, 'Item not found');
      if (await r.arrivals.ofItem(body.itemId)) throw new HttpError(409, 'conflict', 'This item has arrived already (another arrival is assigned to it).');
      if (item.status === 'delivered') throw deliveredAlready();
      const dueAt = inspectionDueAt(arrival.arrivedAt);
      await r.arrivals.assign(id, item.id, dueAt);
      await this.received(r, item, arrival, dueAt, caller.userId);
    }));
    return (await this.uow.read.arrivals.view(id))!;
  }

  /**
   * A mis-scan leaves the unmatched list with why, kept in history (status=discarded). A repeat, or a racing one,
   * finds it discarded already and changes nothing; an assigned arrival cannot be discarded (409).
   */
  async discardArrival(caller: Caller, id: string, body: DiscardArrivalBody): Promise<Arrival> {
    requireStaff(caller);
    await this.uow.run(async (r) => {
      const arrival = await r.arrivals.lock(id);
      if (!arrival) throw notFound('Arrival not found');
      if (arrival.itemId) throw new HttpError(409, 'conflict', 'This arrival is assigned to an item: only an unmatched arrival can be discarded.');
      if (!arrival.discardedAt) await r.arrivals.discard(id, body.reason, caller.userId, this.clock());
    });
    return (await this.uow.read.arrivals.view(id))!;
  }

  /** What an unmatched arrival may be assigned to: items not received yet, found by name, project, designer or tracking number. */
  async assignableItems(caller: Caller, query: AssignableItemsQuery): Promise<AssignableItem[]> {
    requireStaff(caller);
    return this.uow.read.arrivals.assignable(query.q);
  }

  /** The item's first arrival: custody begins with the pieces it brought (its timeline's first line). */
  private async received(r: Repos, item: ReceivableItem, arrival: { id: string; trackingNumber: string; notes: string | null; arrivedAt: Date; pieces: number }, dueAt: Date, byUserId: string) {
    await r.items.setStatus(item.id, 'received');
    const held = (await r.custody.lockItem(item.id))!;
    const expected = held.pieces;
    const { received } = piecesAfterArrival({ received: held.piecesReceived, expected }, arrival.pieces);
    await r.custody.arrived(item.id, arrival.arrivedAt, received);
    await r.custody.append({ itemId: item.id, projectId: item.projectId, kind: 'arrived', at: arrival.arrivedAt, byUserId, pieces: arrival.pieces, staffNote: arrival.notes });
    const pieces = { pieces: arrival.pieces, piecesReceived: received, piecesExpected: expected };
    await r.outbox.add(logisticsEvents.itemArrived({ ...arrival, itemId: item.id, projectId: item.projectId, inspectionDueAt: dueAt, ...pieces }, byUserId));
  }

  /**
   * A later scan of an item that arrived: the pieces it brings are added while some are still expected (a line on
   * the timeline, and the arrival fact again with the pieces so far); once all have come it changes nothing.
   */
  private async morePieces(r: Repos, first: ArrivalRecord, brought: number, byUserId: string) {
    const held = await r.custody.lockItem(first.itemId!);
    if (!held || held.custodyState === null || !awaitsPieces({ received: held.piecesReceived, expected: held.pieces })) return;
    const { received, added } = piecesAfterArrival({ received: held.piecesReceived, expected: held.pieces }, brought);
    const at = this.clock();
    await r.custody.arrived(held.id, at, received);
    await r.custody.append({ itemId: held.id, projectId: held.projectId, kind: 'arrived', at, byUserId, pieces: added });
    // The fact keeps the first arrival's time: custody (and storage) began then.
    const again = { id: first.id, trackingNumber: first.trackingNumber, notes: first.notes, arrivedAt: first.arrivedAt, pieces: added, piecesReceived: received, piecesExpected: held.pieces };
    await r.outbox.add(logisticsEvents.itemArrived({ ...again, itemId: held.id, projectId: held.projectId, inspectionDueAt: inspectionDueAt(first.arrivedAt) }, byUserId));
  }

  async listInspections(caller: Caller, query: ListInspectionsQuery): Promise<InspectionQueueEntry[]> {
    requireStaff(caller);
    const now = this.clock();
    const rows = await this.uow.read.inspections.queue(query.status, now);
    return rows.map(({ dueAtDate, inspectedAtDate, ...entry }) => ({ ...entry, overdue: isOverdue(dueAtDate, inspectedAtDate, now) }));
  }

  /** The item's one inspection (409 for a second, or for an item that has not arrived). */
  async inspect(caller: Caller, itemId: string, body: InspectBody): Promise<Inspection> {
    requireStaff(caller);
    const uploadIds = (body.photoUrls ?? []).map((url) => uploadIdOf(url));
    if (uploadIds.some((id) => id === null)) throw badRequest(NOT_A_PHOTO);
    const photoKeys = [...new Set(uploadIds as string[])];
    const inspectionId = randomUUID();
    const damageReportId = isDamageCondition(body.condition) ? randomUUID() : null;
    const inspection = await this.catchUp.retrying(() => this.uow.run(async (r) => {
      const item = await r.arrivals.lockItem(itemId);
      if (!item) throw notSeenYet('catalog.item', itemId, 'Item not found');
      const arrival = await r.arrivals.ofItem(itemId);
      if (!arrival) throw new HttpError(409, 'conflict', 'This item has not arrived yet: record its arrival (scan it) before inspecting it.');
      for (const key of photoKeys) {
        const upload = await r.uploads.findLocked(key);
        if (!upload || upload.ownerId !== caller.userId || !upload.completedAt) throw badRequest(NOT_A_PHOTO);
      }
      const inspectedAt = this.clock();
      const recorded: Inspection = {
        id: inspectionId,
        itemId,
        projectId: item.projectId,
        condition: body.condition,
        notes: body.notes || null,
        photoUrls: photoKeys.map(photoPath),
        inspectedAt: inspectedAt.toISOString(),
        damageReportId,
      };
      const inserted = await r.inspections.insert({ ...recorded, arrivalId: arrival.id, photoKeys, inspectedAt, byUserId: caller.userId });
      if (!inserted) throw new HttpError(409, 'conflict', 'This item has been inspected already: an item is inspected once.');
      await r.outbox.add(logisticsEvents.itemInspected(recorded, caller.userId, recorded.inspectedAt));
      await r.custody.append({ itemId, projectId: item.projectId, kind: 'inspected', at: inspectedAt, byUserId: caller.userId, reason: recorded.condition, staffNote: recorded.notes });
      if (damageReportId && recorded.condition !== 'good') {
        await r.inspections.insertDamageReport({ id: damageReportId, inspectionId, itemId, projectId: item.projectId, createdAt: inspectedAt });
        await r.outbox.add(logisticsEvents.damageReported({ ...recorded, id: damageReportId, inspectionId, itemName: item.name, condition: recorded.condition }, caller.userId, inspectedAt));
      }
      return recorded;
    }));
    if (damageReportId) this.onDamageReported(damageReportId);
    return inspection;
  }
}
