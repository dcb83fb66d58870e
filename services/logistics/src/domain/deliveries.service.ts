import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { badRequest, HttpError, notFound, type Caller, type CatchUp } from '@midway/service-kit';
import {
  isAtWarehouse,
  DELIVERY_SIGNATURE_MAX_BYTES,
  ITEM_STATUS_LABELS,
  type CompleteDeliveryBody,
  type CreateDeliveryBody,
  type Delivery,
  type DeliveryDays,
  type DeliveryDaysQuery,
  type DeliveryRun,
  type DeliveryRunProposal,
  type DeliveryRunsQuery,
  type DeliveryStatus,
  type FixDeliveryRunBody,
  type ListDeliveriesQuery,
  type UpdateDeliveryBody,
} from '@midway/contracts';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import type { BookableItem, DeliveryRow } from '../data/delivery.repository';
import { unbookableDate } from './business-days';
import { numberStops, proposeStops } from './delivery-runs';
import { earlyCompletion } from './early-completion';
import { CustodyService } from './custody.service';
import { assertEditable, assertMove } from './delivery-state';
import type { Clock } from './inspection-due';
import { imageTypeOf } from './image-type';
import { LoadService } from './load.service';
import { accessFor, requireStaff } from './logistics-access';
import { logisticsEvents } from './logistics-events';
import { objectKey, uploadIdOf, type PhotoStore } from './photo.service';

/** What happens once a delivery is out or completed: its recorded e-mail is tried at once (after commit). */
export type DeliveryNotice = (deliveryId: string, kind: 'out' | 'completed') => void;

const STAFF_ONLY = 'Only Midway staff (administrators) plan delivery runs and record deliveries.';
const NOT_A_PHOTO = 'each photoUrl must be an uploadURL you uploaded a photo to (POST /api/objects/upload, then PUT the file), or its /api/photos/{id} path';
const missingDelivery = () => notFound('Delivery not found');
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

/** Why each item cannot go on this delivery, by name ('' when it can). */
function refusalOf(item: BookableItem | undefined, id: string, projectId: string, held: Set<string>): string {
  // Another project's item is answered as an unknown one: its name (perhaps another designer's) is not said.
  if (!item || item.projectId !== projectId) return `item ${id} was not found in this project`;
  if (held.has(id)) return `“${item.name}” is already on another open delivery`;
  if (item.status === 'delivered') return `“${item.name}” was delivered already`;
  if (!isAtWarehouse(item.status)) return `“${item.name}” is not at the warehouse yet (${ITEM_STATUS_LABELS[item.status].toLowerCase()}): only received or stored items can be delivered`;
  // A received or stored status a designer set by hand is a label: the warehouse delivers only what it holds.
  if (!item.inCustody) return `“${item.name}” is not at the warehouse (marked ${ITEM_STATUS_LABELS[item.status].toLowerCase()}, but it has not arrived): only items the warehouse has received can be delivered`;
  return '';
}
const refused = (reasons: string[]) => badRequest(`These items cannot be booked: ${reasons.join('; ')}.`);

/**
 * Deliveries to the job site: a designer (owner or member) books a project's received or stored items that the
 * warehouse holds (in custody) for a business day ahead; staff consolidate a day's requests into runs, take them
 * out, and record the proof of delivery, after which catalog marks the items delivered (by event) and billing
 * charges for it. Every change and its event commit together (the outbox); the e-mails go after commit.
 */
export class DeliveriesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly catchUp: CatchUp,
    private readonly deps: { clock: Clock; timeZone: string; store: PhotoStore | null; notify: DeliveryNotice },
  ) {}

  private checkDate(date: string): void {
    const problem = unbookableDate(date, this.deps.clock(), this.deps.timeZone);
    if (problem) throw badRequest(problem, [{ path: 'date', message: problem }]);
  }

  /** Locks the items and refuses (400, naming them) any that cannot go on delivery `deliveryId` of `projectId`. */
  private async checkItems(r: Repos, projectId: string, itemIds: string[], deliveryId: string | null): Promise<void> {
    const items = new Map((await r.deliveries.lockItems(itemIds)).map((i) => [i.id, i]));
    const held = new Set(await r.deliveries.onOpenDelivery(itemIds, deliveryId));
    const reasons = itemIds.map((id) => refusalOf(items.get(id), id, projectId, held)).filter(Boolean);
    if (reasons.length) throw refused(reasons);
  }

  /** Puts the items on the delivery; one another booking took meanwhile (the database's unique index) is a 400 too. */
  private async takeItems(r: Repos, deliveryId: string, itemIds: string[]): Promise<void> {
    const lost = await r.deliveries.addItems(deliveryId, itemIds);
    if (!lost.length) return;
    const names = new Map((await r.deliveries.lockItems(lost)).map((i) => [i.id, i.name]));
    throw refused(lost.map((id) => `“${names.get(id) ?? id}” is already on another open delivery`));
  }

  /**
   * The fees the designer chose in the Request delivery dialog, set on the booked items as on the Services page
   * (published the same way, so billing and the Services page agree): Last-Mile Delivery on every booked item,
   * Installation & Assembly on exactly the ones named. Left out, nothing changes.
   */
  private async chooseServices(r: Repos, caller: Caller, itemIds: string[], body: CreateDeliveryBody): Promise<void> {
    const changes: { selected: boolean; services: Awaited<ReturnType<Repos['services']['setSelectedOnItems']>> }[] = [];
    if (body.lastMileDelivery !== undefined) changes.push({ selected: body.lastMileDelivery, services: await r.services.setSelectedOnItems(itemIds, 'delivery', body.lastMileDelivery) });
    if (body.installAssemblyItemIds) {
      const install = new Set(body.installAssemblyItemIds);
      changes.push({ selected: true, services: await r.services.setSelectedOnItems(itemIds.filter((i) => install.has(i)), 'install_assembly', true) });
      changes.push({ selected: false, services: await r.services.setSelectedOnItems(itemIds.filter((i) => !install.has(i)), 'install_assembly', false) });
    }
    const changedAt = this.deps.clock().toISOString();
    for (const { selected, services } of changes) for (const s of services) await r.outbox.add(logisticsEvents.serviceChosen(selected, s, caller.userId, changedAt));
  }

  async request(caller: Caller, projectId: string, body: CreateDeliveryBody): Promise<Delivery> {
    const itemIds = unique(body.itemIds);
    const strangers = (body.installAssemblyItemIds ?? []).filter((i) => !itemIds.includes(i));
    if (strangers.length) throw badRequest(`installAssemblyItemIds name items that are not booked on this delivery: ${strangers.join(', ')}`, [{ path: 'installAssemblyItemIds', message: 'not booked on this delivery' }]);
    const id = randomUUID();
    return this.catchUp.retrying(() =>
      this.uow.run(async (r) => {
        await accessFor(r, caller, projectId, 'editItems', { missing: 'Project not found', changing: 'deliveries' });
        this.checkDate(body.date);
        const address = body.address || (await r.deliveries.location(projectId));
        if (!address) throw badRequest('address is required: the project has no location on record', [{ path: 'address', message: 'address is required' }]);
        await this.checkItems(r, projectId, itemIds, null);
        const at = this.deps.clock();
        await r.deliveries.insert({ id, projectId, date: body.date, window: body.window ?? 'any', address, notes: body.notes || null, requestedBy: caller.userId, at });
        await this.takeItems(r, id, itemIds);
        await this.chooseServices(r, caller, itemIds, body);
        const delivery = (await r.deliveries.view(id))!;
        await r.outbox.add(logisticsEvents.deliveryRequested(delivery, caller.userId, at));
        return delivery;
      }),
    );
  }

  list(caller: Caller, query: ListDeliveriesQuery): Promise<Delivery[]> {
    return this.uow.read.deliveries.list(caller, query);
  }

  async get(caller: Caller, id: string): Promise<Delivery> {
    const delivery = await this.uow.read.deliveries.view(id);
    if (!delivery) throw missingDelivery();
    await accessFor(this.uow.read, caller, delivery.projectId, 'read', { missing: 'Delivery not found', changing: 'deliveries' });
    return delivery;
  }

  /** The delivery locked, when the caller may change it (owner, member, admin): 404 otherwise, 403 for a viewer. */
  private async lockForDesigner(r: Repos, caller: Caller, id: string): Promise<DeliveryRow> {
    const row = await r.deliveries.lock(id);
    if (!row) throw missingDelivery();
    await accessFor(r, caller, row.projectId, 'editItems', { missing: 'Delivery not found', changing: 'deliveries' });
    return row;
  }

  async update(caller: Caller, id: string, body: UpdateDeliveryBody): Promise<Delivery> {
    return this.uow.run(async (r) => {
      const row = await this.lockForDesigner(r, caller, id);
      assertEditable(row.status);
      if (body.date !== undefined) this.checkDate(body.date);
      const current = (await r.deliveries.view(id))!;
      if (body.itemIds) {
        const itemIds = unique(body.itemIds);
        await this.checkItems(r, row.projectId, itemIds, id);
        const on = new Set(current.items.map((i) => i.itemId));
        await r.deliveries.removeItemsExcept(id, itemIds);
        await this.takeItems(r, id, itemIds.filter((i) => !on.has(i)));
      }
      const at = this.deps.clock();
      await r.deliveries.update(id, {
        date: body.date ?? current.date,
        window: body.window ?? current.window,
        address: body.address ?? current.address,
        notes: body.notes === undefined ? current.notes : body.notes || null,
        at,
      });
      const delivery = (await r.deliveries.view(id))!;
      await r.outbox.add(logisticsEvents.deliveryRequested(delivery, caller.userId, at));
      return delivery;
    });
  }

  async cancel(caller: Caller, id: string): Promise<Delivery> {
    return this.uow.run(async (r) => {
      const row = await this.lockForDesigner(r, caller, id);
      const cancelled = await this.move(r, caller, row, 'cancelled');
      // Its pieces come off the truck: the items are back on their shelf, free for another run.
      await LoadService.cancelled(r, id);
      return cancelled;
    });
  }

  /** A move of the state machine (409 for any other) and its event. */
  private async move(r: Repos, caller: Caller, row: DeliveryRow, to: Exclude<DeliveryStatus, 'requested' | 'scheduled' | 'completed'>): Promise<Delivery> {
    assertMove(row.status, to);
    const at = this.deps.clock();
    await r.deliveries.setStatus([row.id], to, at);
    const delivery = (await r.deliveries.view(row.id))!;
    await r.outbox.add(to === 'cancelled' ? logisticsEvents.deliveryCancelled(delivery, caller.userId, at) : logisticsEvents.deliveryOut(delivery, caller.userId, at));
    return delivery;
  }

  /* ---------- staff ---------- */

  async proposeRuns(caller: Caller, query: DeliveryRunsQuery): Promise<DeliveryRunProposal> {
    requireStaff(caller, STAFF_ONLY);
    return { date: query.date, stops: proposeStops(await this.uow.read.deliveries.requestedOn(query.date)) };
  }

  /** The coming days with their deliveries counted, so staff see which days have requests. */
  async days(caller: Caller, query: DeliveryDaysQuery): Promise<DeliveryDays> {
    requireStaff(caller, STAFF_ONLY);
    return { days: await this.uow.read.deliveries.days(query.from, query.days) };
  }

  /**
   * One run of the deliveries staff chose: they (all requested, all of its date) become scheduled together, or
   * none does, their stops numbered in the order given. Of two fixes of one delivery at once, one takes it.
   */
  async fixRun(caller: Caller, body: FixDeliveryRunBody): Promise<DeliveryRun> {
    requireStaff(caller, STAFF_ONLY);
    const ids = unique(body.deliveryIds);
    const runId = randomUUID();
    const deliveries = await this.uow.run(async (r) => {
      const rows = new Map((await r.deliveries.lockMany(ids)).map((d) => [d.id, d]));
      const reasons = ids
        .map((id) => {
          const d = rows.get(id);
          if (!d) return `delivery ${id} was not found`;
          if (d.date !== body.date) return `delivery ${id} is for ${d.date}, not ${body.date}`;
          if (d.status !== 'requested') return `delivery ${id} is ${d.status}, not requested`;
          return '';
        })
        .filter(Boolean);
      if (reasons.length) throw badRequest(`These deliveries cannot go on this run: ${reasons.join('; ')}.`, [{ path: 'deliveryIds', message: reasons.join('; ') }]);
      const at = this.deps.clock();
      await r.deliveries.scheduleRun(runId, numberStops(ids, rows), at);
      const views = await r.deliveries.viewMany(ids);
      for (const d of views) await r.outbox.add(logisticsEvents.deliveryScheduled(d, runId, caller.userId, at));
      return views;
    });
    return { id: runId, date: body.date, deliveries };
  }

  private async lockForStaff(r: Repos, caller: Caller, id: string): Promise<DeliveryRow> {
    requireStaff(caller, STAFF_ONLY);
    const row = await r.deliveries.lock(id);
    if (!row) throw missingDelivery();
    return row;
  }

  async out(caller: Caller, id: string): Promise<Delivery> {
    const delivery = await this.uow.run(async (r) => {
      const row = await this.lockForStaff(r, caller, id);
      assertMove(row.status, 'out-for-delivery');
      // The load check (load-check.ts): 409 naming each item neither on the truck nor left behind.
      await LoadService.outCheck(r, id, caller.userId, this.deps.clock());
      const moved = await this.move(r, caller, row, 'out-for-delivery');
      // The e-mail is kept with the move, so an SMTP outage delays it instead of losing it.
      await r.notices.add(id, 'out', this.deps.clock());
      return moved;
    });
    this.deps.notify(id, 'out');
    return delivery;
  }

  /**
   * The proof of delivery: the items not excepted are delivered as of now; the excepted ones keep their status and
   * get the note. Before its booked date staff say why, and the delivery's date moves to today (early-completion).
   */
  async complete(caller: Caller, id: string, body: CompleteDeliveryBody): Promise<Delivery> {
    requireStaff(caller, STAFF_ONLY);
    const uploadIds = body.photoUrls.map((url) => uploadIdOf(url));
    if (uploadIds.some((u) => u === null)) throw badRequest(NOT_A_PHOTO, [{ path: 'photoUrls', message: NOT_A_PHOTO }]);
    const photoKeys = unique(uploadIds as string[]);
    const signature = body.signature ? this.signatureImage(body.signature) : null;
    const signatureKey = signature ? randomUUID() : null;
    const given = [...new Map(body.exceptions.map((e) => [e.itemId, e])).values()];
    const delivery = await this.uow.run(async (r) => {
      const row = await this.lockForStaff(r, caller, id);
      assertMove(row.status, 'completed');
      // An item left behind at the load check is an exception of its own ("left behind: <reason>").
      const exceptions = await LoadService.withLeftBehind(r, id, given);
      const at = this.deps.clock();
      const early = earlyCompletion(row.date, at, this.deps.timeZone, body.earlyReason);
      const current = (await r.deliveries.view(id))!;
      const on = new Set(current.items.map((i) => i.itemId));
      const strangers = exceptions.filter((e) => !on.has(e.itemId)).map((e) => e.itemId);
      if (strangers.length) throw badRequest(`exceptions name items that are not on this delivery: ${strangers.join(', ')}`, [{ path: 'exceptions', message: 'not on this delivery' }]);
      for (const key of photoKeys) {
        const upload = await r.uploads.findLocked(key);
        if (!upload || upload.ownerId !== caller.userId || !upload.completedAt) throw badRequest(NOT_A_PHOTO, [{ path: 'photoUrls', message: NOT_A_PHOTO }]);
        // Those who reach the project see the proof photos (GET /api/photos/{key}), as they see its items' photos.
        await r.uploads.claimProject(key, row.projectId);
      }
      if (signature && signatureKey) await this.storeSignature(r, caller, signatureKey, signature, row.projectId);
      await r.deliveries.recordProof(id, { receivedBy: body.receivedBy, photoKeys, signatureKey, exceptions, at, early });
      await r.deliveries.setStatus([id], 'completed', at);
      const excepted = new Set(exceptions.map((e) => e.itemId));
      const delivered = current.items.map((i) => i.itemId).filter((i) => !excepted.has(i));
      for (const itemId of delivered) await r.items.setStatus(itemId, 'delivered');
      // Custody (custody.service): the delivered items leave it; those that came back keep their place, with the note.
      await CustodyService.delivered(r, { id, runId: current.runId }, delivered, exceptions, caller.userId, at);
      const done = (await r.deliveries.view(id))!;
      await r.outbox.add(logisticsEvents.deliveryCompleted(done, { receivedBy: body.receivedBy, deliveredItemIds: delivered, exceptions }, caller.userId, at));
      await r.notices.add(id, 'completed', at);
      return done;
    });
    this.deps.notify(id, 'completed');
    return delivery;
  }

  /** The pad's PNG data URL as image bytes: a PNG by its bytes, of at most 64 kB. */
  private signatureImage(dataUrl: string): Buffer {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (bytes.length > DELIVERY_SIGNATURE_MAX_BYTES) throw badRequest(`signature is too large (${DELIVERY_SIGNATURE_MAX_BYTES / 1000} kB at most)`, [{ path: 'signature', message: 'too large' }]);
    if (imageTypeOf(bytes) !== 'image/png') throw badRequest('signature must be a PNG image drawn on the signature pad', [{ path: 'signature', message: 'not a PNG image' }]);
    return bytes;
  }

  /**
   * The signature is kept like a photo (an upload of the staff member's, completed, of the project): in the object
   * store, served by GET /api/photos/{key} to those who reach the project, never on the client page's lists.
   */
  private async storeSignature(r: Repos, caller: Caller, key: string, png: Buffer, projectId: string): Promise<void> {
    if (!this.deps.store) throw new HttpError(503, 'photo_storage_unavailable', 'Photo storage is not configured on this server: the signature cannot be kept.');
    const at = this.deps.clock();
    await r.uploads.create(key, caller.userId, createHash('sha256').update(randomBytes(24)).digest('hex'), at);
    await r.uploads.complete(key, 'image/png', png.length);
    await r.uploads.claimProject(key, projectId);
    await this.deps.store.put(objectKey(key), png, 'image/png');
  }
}
