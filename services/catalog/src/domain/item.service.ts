import { randomUUID } from 'node:crypto';
import { badRequest, conflict, currentRequestId, noCatchUp, notFound, noteProjectReached, type Caller, type CatchUp } from '@midway/service-kit';
import { canOnProject, designerStatusRefusal, isUuid, PROJECT_ACCESS_LEVELS, createItemBodySchema, type BulkDeleteItemsResponse, type BulkImportResponse, type BulkItemStatusResponse, type CreateItemBody, type Item, type ItemsSummary, type ItemsSummaryQuery, type ItemStatus, type ListItemsQuery, type TrackingMatch, type TrackingMatchesQuery, type UpdateItemBody } from '@midway/contracts';
import { InvalidCursorError } from '../data/item-cursor.codec';
import { trackingOf } from '../data/mappers';
import type { TrackingFacts } from '../data/item.repository';
import { EDITABLE_FIELDS } from '../data/item.fields';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import { activityText } from './activity-text';
import { editEventsSql, itemEvents, statusChangeEventsSql } from './item-events';
import { photoProblem, photoRefusal, takePhoto } from './item-photo.service';
import { fitsProjectTotal, PROJECT_TOTAL_MAX_CENTS, PROJECT_TOTAL_TOO_LARGE } from './project-total';
import { itemFor, itemsFor, projectFor } from './project-access';

/** Rows of an import validated between hand-overs to the import, which inserts them while the next are validated. */
const IMPORT_SLICE_ROWS = 200;

/** The roles that may change a project's items. */
const ITEM_EDITORS = PROJECT_ACCESS_LEVELS.filter((role) => canOnProject(role, 'editItems'));
const NO_TRACKING: TrackingFacts = { trackingNumber: null, carrierId: null };
/** Items whose tracking facts a status change remembers (the oldest forgotten first). */
const TRACKING_SEEN_MAX = 50_000;

export class ItemService {
  /** Each item's number and chosen carrier as last seen, for the next status change's events (see updateStatus). */
  private readonly trackingSeen = new Map<string, TrackingFacts>();

  constructor(
    private readonly uow: UnitOfWork,
    /** Asks logistics about a photo catalog has not heard of yet before refusing it on an item. */
    private readonly catchUp: CatchUp = noCatchUp,
  ) {}

  async list(caller: Caller, query: ListItemsQuery) {
    try {
      return await this.uow.read.itemPages.page(caller, query);
    } catch (err) {
      if (err instanceof InvalidCursorError) throw badRequest('cursor is not valid; start again without it');
      throw err;
    }
  }

  /** Counts over everything the caller may see that the filters match (the access rule is the list's). */
  summary(caller: Caller, query: ItemsSummaryQuery): Promise<ItemsSummary> {
    return this.uow.read.itemPages.summary(caller, query);
  }

  create(caller: Caller, projectId: string, body: CreateItemBody): Promise<Item> {
    return this.catchUp.retrying(() => this.uow.run(async (r) => {
      const project = await projectFor(r, caller, projectId, 'editItems');
      if (body.photoUrl) await takePhoto(r, caller, body.photoUrl, projectId);
      const variantId = body.skuCode ? await r.products.variantIdForSku(caller.userId, { ...body, sku: body.skuCode }) : null;
      const item = await r.items.insert(projectId, body, variantId);
      if (item.price) await totalFits(r, projectId);
      await r.activities.add({ projectId, itemId: item.id, type: 'item_added', description: activityText.itemAdded(item.name) });
      await r.outbox.add(itemEvents.created(item, project.createdById));
      return item;
    })).catch(photoRefusal);
  }

  /**
   * Every valid row is imported in one transaction; each bad row is reported with its 1-based row number
   * and reason, and never stops the good ones. Rows are validated a slice at a time, each slice handed to
   * the import before the next is validated, so the database inserts while the rows are checked.
   */
  async bulk(caller: Caller, projectId: string, rows: unknown[], importKey?: string): Promise<BulkImportResponse> {
    return this.uow.run(async (r) => {
      const errorDetails: BulkImportResponse['errorDetails'] = [];
      const project = await projectFor(r, caller, projectId, 'editItems');
      // Another service's import under its key happens once: a repeat (or one that waited on this key's row
      // while the first ran) answers the first result.
      if (importKey) {
        const first = await r.itemImports.claimKey(importKey, projectId);
        if (first) return first as BulkImportResponse;
      }
      const answer = (items: Item[]): Promise<BulkImportResponse> | BulkImportResponse => {
        const response = { items, errors: errorDetails.length, errorDetails };
        return importKey ? r.itemImports.recordKey(importKey, response).then(() => response) : response;
      };
      const importing = await r.itemImports.start(project);
      try {
        for (let start = 0; start < rows.length; start += IMPORT_SLICE_ROWS) {
          const good: CreateItemBody[] = [];
          for (const [i, row] of rows.slice(start, start + IMPORT_SLICE_ROWS).entries()) {
            const parsed = createItemBodySchema.safeParse(row);
            // A row's photo is checked as a single item's is, except that one logistics has not told catalog of
            // is refused with the row rather than asked about (the rest of the import goes on).
            const photoError = parsed.success && parsed.data.photoUrl ? await photoProblem(r, caller, parsed.data.photoUrl, projectId) : null;
            if (parsed.success && !photoError) good.push(parsed.data);
            else errorDetails.push({ item: row, row: start + i + 1, error: parsed.success ? `photoUrl: ${photoError}` : parsed.error.issues.map((x) => (x.path.length ? `${x.path.join('.')}: ${x.message}` : x.message)).join('; ') });
          }
          const withSku = good.filter((row) => row.skuCode).map((row) => ({ ...row, sku: row.skuCode! }));
          await importing.add(good, await r.products.variantIdsForSkus(caller.userId, withSku));
        }
        if (importing.items.length === 0) return answer([]);
        importing.flush();
        // Built while Postgres inserts the last chunk.
        const events = itemEvents.imported(importing.items, projectId, project.createdById);
        const inserted = await importing.finish();
        await totalFits(r, projectId);
        await r.activities.add({ projectId, itemId: null, type: 'items_imported', description: activityText.itemsImported(inserted.length), metadata: { count: inserted.length } });
        await r.outbox.add(...events);
        return answer(inserted);
      } catch (err) {
        await importing.abandon();
        throw err;
      }
    });
  }

  /**
   * An edit is one statement (ItemRepository.edit): the row, its history line and its events, as updateStatus.
   * The events carry the item's carrier, worked out from its number as last seen for this item (the statement
   * changes nothing if the row has another, and says what it has: the edit is asked again with that). An edit the
   * statement leaves to a transaction — one that links a new photo or SKU, or a designer's status change the
   * lifecycle allows on an item in custody — runs in one (updateInTransaction), with the same answers and effects.
   */
  async update(caller: Caller, id: string, body: UpdateItemBody): Promise<Item> {
    if (!isUuid(id)) throw notFound('Item not found');
    for (let attempt = 0; attempt < 3; attempt++) {
      const tracking = this.trackingSeen.get(id) ?? NO_TRACKING;
      const next: TrackingFacts = {
        trackingNumber: body.trackingNumber !== undefined ? body.trackingNumber : tracking.trackingNumber,
        carrierId: body.carrierId !== undefined ? body.carrierId : tracking.carrierId,
      };
      const carrierAfter = trackingOf(next.trackingNumber, next.carrierId).carrierId;
      const at = new Date();
      const eventIds = { updated: randomUUID(), statusChanged: randomUUID() };
      const status = body.status;
      const found = await this.uow.oneStatement(async (r) => {
        const outcome = await r.items.edit(caller, id, {
          body,
          editors: ITEM_EDITORS,
          at,
          tracking,
          carrierBefore: trackingOf(tracking.trackingNumber, tracking.carrierId).carrierId,
          carrierAfter,
          statusDescription: status ? (name) => activityText.itemStatusSql(name, status) : null,
          updatedDescription: (name) => activityText.itemUpdatedSql(name),
          events: editEventsSql(eventIds, at, carrierAfter),
          totalMaxCents: PROJECT_TOTAL_MAX_CENTS,
          requestId: currentRequestId() ?? null,
        });
        const written = outcome.after && outcome.fields.length > 0 ? [eventIds.updated, ...(outcome.after.status !== outcome.before!.status ? [eventIds.statusChanged] : [])] : [];
        return { result: outcome, eventIds: written };
      });
      if (!found.before) throw notFound('Item not found');
      this.remember(id, found.tracking);
      // Reached (as itemFor notes it): a replay of this request's answer (Idempotency-Key) checks the caller still reaches it.
      if (found.blocked !== 'access') noteProjectReached(found.before.projectId);
      if (found.after) return found.after;
      // The caller's role may not change items: the access rule says so in its words (403).
      if (found.blocked === 'access') await itemFor(this.uow.read, caller, id, 'editItems');
      else if (found.blocked === 'total') throw badRequest(PROJECT_TOTAL_TOO_LARGE);
      else if (found.blocked === 'custody') {
        // In the warehouse's custody: the item lifecycle says why (409), or allows it in a transaction.
        const refusal = designerStatusRefusal(found.before, status!);
        if (refusal) throw conflict(refusal);
        break;
      } else if (found.blocked === 'linking') break;
    }
    // A new photo or SKU, or its number kept changing under the edit: the edit in a transaction of its own.
    return this.updateInTransaction(caller, id, body);
  }

  private updateInTransaction(caller: Caller, id: string, body: UpdateItemBody): Promise<Item> {
    return this.catchUp.retrying(() => this.uow.run(async (r) => {
      const { item: before, project } = await itemFor(r, caller, id, 'editItems', { lock: true });
      // The warehouse records the status of an item it holds: an edit that would change it is refused (one that keeps it passes).
      const refusal = body.status ? designerStatusRefusal(before, body.status) : null;
      if (refusal) throw conflict(refusal);
      if (body.photoUrl && body.photoUrl !== before.photoUrl) await takePhoto(r, caller, body.photoUrl, before.projectId);
      const designerId = project.createdById;
      // A changed SKU links the item to that product in the editor's catalogue, as adding it would.
      const sku = body.skuCode;
      const variantId =
        sku === undefined || sku === before.skuCode ? undefined : sku === null ? null : await r.products.variantIdForSku(caller.userId, { sku, name: body.name ?? before.name });
      const after = await r.items.update(id, body, before, variantId);
      if (after.price && (after.price !== before.price || after.quantity !== before.quantity)) await totalFits(r, after.projectId);
      // Fields whose change a client or the provider would care about: every field an edit can change.
      const changed = EDITABLE_FIELDS.filter((f) => before[f] !== after[f]);
      if (changed.length === 0) return after;
      await r.outbox.add(itemEvents.updated(after, designerId, changed));
      if (before.status !== after.status) {
        await r.outbox.add(itemEvents.statusChanged(before, after, designerId));
        await r.activities.add({ projectId: after.projectId, itemId: id, type: 'item_status', description: activityText.itemStatus(after.name, after.status), metadata: { from: before.status, to: after.status } });
      } else {
        await r.activities.add({ projectId: after.projectId, itemId: id, type: 'item_updated', description: activityText.itemUpdated(after.name), metadata: { fields: changed } });
      }
      return after;
    })).catch(photoRefusal);
  }

  /**
   * Setting the status it already has is a no-op: no event, no history line (a double click is one change).
   * One statement writes the change, its history line and its events (ItemRepository.changeStatus): the events
   * carry the item's carrier, which the carriers package works out from its number, so the statement is given
   * the number it was worked out from (as last seen for this item, or none) and changes nothing if the row has
   * another; it then says what the row has, and the change is asked again with that.
   */
  async updateStatus(caller: Caller, id: string, status: ItemStatus): Promise<Item> {
    if (!isUuid(id)) throw notFound('Item not found');
    for (let attempt = 0; attempt < 3; attempt++) {
      const tracking = this.trackingSeen.get(id) ?? NO_TRACKING;
      const at = new Date();
      const eventIds = { updated: randomUUID(), statusChanged: randomUUID() };
      const events = statusChangeEventsSql(eventIds, at, trackingOf(tracking.trackingNumber, tracking.carrierId).carrierId);
      const found = await this.uow.oneStatement(async (r) => {
        const outcome = await r.items.changeStatus(caller, id, { status, editors: ITEM_EDITORS, at, description: (name) => activityText.itemStatusSql(name, status), events, tracking, requestId: currentRequestId() ?? null });
        return { result: outcome, eventIds: outcome.after !== null ? [eventIds.updated, eventIds.statusChanged] : [] };
      });
      if (!found.before) throw notFound('Item not found');
      this.remember(id, found.tracking);
      if (found.after) return found.after;
      // The caller's role may not change items: the access rule says so in its words (403).
      if (!found.access || !ITEM_EDITORS.includes(found.access)) await itemFor(this.uow.read, caller, id, 'editItems');
      else if (found.before.status === status) return found.before;
      // In the warehouse's custody (the statement changes nothing then): the item lifecycle says why (409).
      const refusal = designerStatusRefusal(found.before, status);
      if (refusal) throw conflict(refusal);
    }
    // Its number kept changing under the change: the change in a transaction of its own.
    return this.updateInTransaction(caller, id, { status });
  }

  private remember(id: string, tracking: TrackingFacts): void {
    this.trackingSeen.delete(id);
    if (this.trackingSeen.size >= TRACKING_SEEN_MAX) this.trackingSeen.delete(this.trackingSeen.keys().next().value!);
    this.trackingSeen.set(id, tracking);
  }

  /**
   * Several items to one status in one transaction, all or none (see itemsFor): each item that changes gets
   * what a single change gives it — its stamps (stampsFor), its history line and its events — in one statement
   * each; an item already in the status is left as it is. The items are locked and read in their latest state
   * first, so identical requests racing have one effect per item.
   */
  bulkStatus(caller: Caller, itemIds: readonly string[], status: ItemStatus): Promise<BulkItemStatusResponse> {
    const ids = [...new Set(itemIds)];
    return this.uow.run(async (r) => {
      const { items, projects } = await itemsFor(r, caller, ids, 'editItems', { lock: true });
      const moving = items.filter((item) => item.status !== status);
      // All or none: one item the warehouse holds refuses the whole change, naming it (the item lifecycle's words).
      const held = moving.filter((item) => designerStatusRefusal(item, status) !== null);
      if (held.length === 1) throw conflict(`“${held[0]!.name}”: ${designerStatusRefusal(held[0]!, status)}`);
      if (held.length > 1) throw conflict(`${held.map((i) => `“${i.name}”`).join(', ')}: the warehouse records these items' statuses while it holds them; they change when staff put them away, load or deliver them. Nothing was changed.`);
      const before = new Map(moving.map((item) => [item.id, item] as const));
      const after = await r.items.setStatus(moving, status);
      const designerOf = (item: Item) => projects.get(item.projectId)!.createdById;
      await r.activities.addMany(
        after.map((item) => ({ projectId: item.projectId, itemId: item.id, type: 'item_status', description: activityText.itemStatus(item.name, status), metadata: { from: before.get(item.id)!.status, to: status } })),
      );
      await r.outbox.add(...after.flatMap((item) => [itemEvents.updated(item, designerOf(item), ['status']), itemEvents.statusChanged(before.get(item.id)!, item, designerOf(item))]));
      return { items: ids.length, changed: after.length };
    });
  }

  /** Several items deleted in one transaction, all or none (see itemsFor), each with its history line and event. */
  bulkDelete(caller: Caller, itemIds: readonly string[]): Promise<BulkDeleteItemsResponse> {
    const ids = [...new Set(itemIds)];
    return this.uow.run(async (r) => {
      const { items, projects } = await itemsFor(r, caller, ids, 'editItems', { lock: true });
      const deleted = await r.items.deleteMany(ids);
      await r.activities.addMany(items.map((item) => ({ projectId: item.projectId, itemId: null, type: 'item_removed', description: activityText.itemRemoved(item.name), metadata: { itemId: item.id } })));
      await r.outbox.add(...items.map((item) => itemEvents.deleted(item, projects.get(item.projectId)!.createdById)));
      return { deleted };
    });
  }

  /** Other items the caller can see with this tracking number (a shipment may hold several items: a hint, not a refusal). */
  trackingMatches(caller: Caller, query: TrackingMatchesQuery): Promise<TrackingMatch[]> {
    return this.uow.read.items.trackingMatches(caller, query.trackingNumber, query.exceptItemId);
  }

  delete(caller: Caller, id: string): Promise<void> {
    return this.uow.run(async (r) => {
      const { item: before, project } = await itemFor(r, caller, id, 'editItems', { lock: true });
      const designerId = project.createdById;
      await r.items.delete(id);
      await r.activities.add({ projectId: before.projectId, itemId: null, type: 'item_removed', description: activityText.itemRemoved(before.name), metadata: { itemId: id } });
      await r.outbox.add(itemEvents.deleted(before, designerId));
    });
  }
}

/** After a change of prices or quantities: the project's total still fits its column (the transaction is refused otherwise). */
async function totalFits(r: Repos, projectId: string): Promise<void> {
  if (!fitsProjectTotal(await r.projects.totalCents(projectId))) throw badRequest(PROJECT_TOTAL_TOO_LARGE);
}
