import { randomUUID } from 'node:crypto';
import { badRequest, HttpError, notFound, type Caller } from '@midway/service-kit';
import { scanTargetOf, type CloseCountBody, type Count, type CountReport, type CountScanBody, type CountScanResult, type CreateCountBody, type ListCountsQuery } from '@midway/contracts';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import type { CountRow } from '../data/count.repository';
import { countEvents } from './count-events';
import type { Clock } from './inspection-due';
import { requireStaff } from './logistics-access';

const STAFF_ONLY = 'Only Midway staff (administrators) count the warehouse’s locations.';
const missingCount = () => notFound('Count not found: start one with POST /api/warehouse/counts {locationCode}.');
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Cycle counts: staff start a count of a location, scan what is there, and close it. Closing reconciles the records
 * with the scans (count-reconciliation.ts): what was expected and not found, what was found but recorded elsewhere
 * (moved here when staff confirm), and the location's accuracy. Counts are kept with their results.
 */
export class CountService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deps: { clock: Clock },
  ) {}

  /** 201 with the new count; a second open count of one location, even started at the same instant, is a 409 naming it. */
  async start(caller: Caller, body: CreateCountBody): Promise<Count> {
    requireStaff(caller, STAFF_ONLY);
    const id = randomUUID();
    await this.uow.run(async (r) => {
      const location = await r.counts.lockLocation(body.locationCode);
      if (!location) throw badRequest(`There is no location ${body.locationCode}: scan the location's label, or create the location first.`, [{ path: 'locationCode', message: 'unknown location' }]);
      const open = await r.counts.openAt(location.id);
      if (open) throw new HttpError(409, 'conflict', `${location.code} is being counted already (count ${open.id}, started ${day(open.startedAt)}): scan into that count, or close it first.`);
      await r.counts.insert({ id, locationId: location.id, at: this.deps.clock(), byUserId: caller.userId });
    });
    return (await this.uow.read.counts.view(id))!;
  }

  private async lockOpen(r: Repos, id: string): Promise<CountRow> {
    const count = await r.counts.lock(id);
    if (!count) throw missingCount();
    if (count.status !== 'open') throw new HttpError(409, 'conflict', `This count of ${count.locationCode} was closed on ${day(count.closedAt!)}: start a new count to count the location again.`);
    return count;
  }

  /** An item found at the counted location; a repeated scan has one effect. */
  async scan(caller: Caller, id: string, body: CountScanBody): Promise<CountScanResult> {
    requireStaff(caller, STAFF_ONLY);
    const { itemId } = scanTargetOf(body);
    return this.uow.run(async (r) => {
      const count = await this.lockOpen(r, id);
      const item = await r.counts.item(itemId);
      if (!item) throw badRequest(`No item ${itemId} is known to the warehouse: set the piece aside and tell the receiving desk.`, [{ path: body.code !== undefined ? 'code' : 'itemId', message: 'unknown item' }]);
      if (item.custodyState === null) throw badRequest(`“${item.name}” is not in the warehouse's custody: set it aside and tell the receiving desk (record its arrival, or find out how it came back).`, [{ path: body.code !== undefined ? 'code' : 'itemId', message: 'not in custody' }]);
      await r.counts.addScan(count.id, item.id, this.deps.clock(), caller.userId);
      const here = item.locationId === count.locationId;
      return { countId: count.id, itemId: item.id, itemName: item.name, expectedHere: here, expectedLocationCode: here ? null : item.locationCode };
    });
  }

  /** Closes the count with its report; with confirmMoves, what was found here but recorded elsewhere moves here. */
  async close(caller: Caller, id: string, body: CloseCountBody): Promise<CountReport> {
    requireStaff(caller, STAFF_ONLY);
    await this.uow.run(async (r) => {
      const count = await this.lockOpen(r, id);
      const at = this.deps.clock();
      const figures = await r.counts.reconcile(count, at, caller.userId);
      await r.counts.addCountedEvents(count, at, caller.userId);
      const moved = body.confirmMoves ? await r.counts.moveFoundHere(count, at, caller.userId) : [];
      const view = (await r.counts.view(count.id))!;
      const to = { id: count.locationId, code: count.locationCode };
      await r.outbox.add(
        ...moved.map((m) => countEvents.itemMovedByCount(m, to, caller.userId, at)),
        countEvents.locationCounted(
          { countId: count.id, locationId: count.locationId, locationCode: count.locationCode, ...figures, missingItemIds: view.results.filter((x) => x.outcome === 'missing').map((x) => x.itemId), movedHereItemIds: moved.map((m) => m.itemId) },
          caller.userId,
          at,
        ),
      );
    });
    return this.report(id, body.confirmMoves);
  }

  private async report(id: string, movedHere: boolean): Promise<CountReport> {
    const count = (await this.uow.read.counts.view(id))!;
    return {
      countId: count.id,
      locationCode: count.locationCode,
      expected: count.expected!,
      found: count.found!,
      missing: count.results.filter((x) => x.outcome === 'missing'),
      foundElsewhere: count.results.filter((x) => x.outcome === 'found-elsewhere'),
      movedHere,
      accuracy: count.accuracy!,
    };
  }

  async get(caller: Caller, id: string): Promise<Count> {
    requireStaff(caller, STAFF_ONLY);
    const count = await this.uow.read.counts.view(id);
    if (!count) throw missingCount();
    return count;
  }

  async list(caller: Caller, query: ListCountsQuery): Promise<Count[]> {
    requireStaff(caller, STAFF_ONLY);
    return this.uow.read.counts.list(query.locationCode ?? null);
  }
}
