import { badRequest, HttpError, notFound, type Caller } from '@midway/service-kit';
import { scanTargetOf, type LeftBehindBody, type LoadBody, type PickList, type RunLoad } from '@midway/contracts';
import type { Repos, UnitOfWork } from '../data/unit-of-work';
import type { RunItemRow } from '../data/load.repository';
import type { Clock } from './inspection-due';
import { fullyLoaded, leftBehindNote, loadRefusal, pieceToLoad, type LoadState } from './load-check';
import { loadEvents } from './load-events';
import { requireStaff } from './logistics-access';
import { startPickListPrinter, type PickListPrinter } from './pick-list-pdf.pool';

const STAFF_ONLY = 'Only Midway staff (administrators) pick and load delivery runs.';
const missingRun = () => notFound('Delivery run not found: fix the run first (POST /api/delivery-runs), then open its pick list.');

const loadStateOf = (row: RunItemRow): LoadState => ({
  itemId: row.itemId,
  name: row.name,
  pieces: row.pieces,
  piecesReceived: row.piecesReceived,
  inCustody: row.custodyState !== null,
  loadedPieces: row.loadedPieces,
  leftBehind: row.leftBehind,
});

/** A delivery that is not scheduled any more (out, completed) takes no more loading. */
function assertLoading(row: RunItemRow): void {
  if (row.deliveryStatus !== 'scheduled') throw new HttpError(409, 'conflict', `“${row.name}”'s delivery is ${row.deliveryStatus}: its load check is over.`);
}

/**
 * A delivery run's pick list and load check: staff pick the run's items in location order, scan each piece onto the
 * truck, or leave an item behind with why. Each scan is one custody fact (its timeline line and its event, in one
 * unit of work); a repeated or raced scan of one piece has one effect. The delivery goes out only when the load
 * check passes (deliveries.service calls outCheck), and its completion records a left-behind item as an exception.
 */
export class LoadService {
  private printer: PickListPrinter | undefined;

  constructor(
    private readonly uow: UnitOfWork,
    /** onStop closes the PDF thread when the service stops. */
    private readonly deps: { clock: Clock; onStop: (stop: () => Promise<void>) => void },
  ) {}

  async pickList(caller: Caller, runId: string): Promise<PickList> {
    requireStaff(caller, STAFF_ONLY);
    const date = await this.uow.read.loads.runDate(runId);
    if (!date) throw missingRun();
    return { runId, date, items: await this.uow.read.loads.pickList(runId) };
  }

  async pickListPdf(caller: Caller, runId: string): Promise<Buffer> {
    const list = await this.pickList(caller, runId);
    if (!this.printer) {
      const printer = (this.printer = startPickListPrinter());
      this.deps.onStop(() => printer.close());
    }
    return this.printer.render(list);
  }

  private async runLoad(r: Repos, runId: string): Promise<RunLoad> {
    const rows = await r.loads.runItems(runId);
    return {
      runId,
      items: rows.map((row) => {
        const s = loadStateOf(row);
        return {
          itemId: row.itemId,
          itemName: row.name,
          deliveryId: row.deliveryId,
          piecesExpected: Math.max(1, row.pieces),
          piecesReceived: row.piecesReceived,
          loadedPieces: row.loadedPieces,
          leftBehindReason: row.leftBehind,
          ready: row.leftBehind !== null || fullyLoaded(s),
        };
      }),
    };
  }

  /** The item on the run (its delivery locked), or 400 naming it (404 when there is no such run). */
  private async itemOnRun(r: Repos, runId: string, itemId: string): Promise<RunItemRow> {
    const row = await r.loads.lockRunItem(runId, itemId);
    if (row) return row;
    if (!(await r.loads.runDate(runId))) throw missingRun();
    const [known] = await r.deliveries.lockItems([itemId]);
    const named = known ? `“${known.name}”` : `item ${itemId}`;
    throw badRequest(`${named} is not on this run: take it back to its place (or book it on a delivery first).`, [{ path: 'itemId', message: 'not on this run' }]);
  }

  async load(caller: Caller, runId: string, body: LoadBody): Promise<RunLoad> {
    requireStaff(caller, STAFF_ONLY);
    const target = scanTargetOf(body);
    return this.uow.run(async (r) => {
      const row = await this.itemOnRun(r, runId, target.itemId);
      assertLoading(row);
      const chosen = pieceToLoad(loadStateOf(row), target.piece);
      if ('refusal' in chosen) throw badRequest(chosen.refusal, [{ path: body.code !== undefined ? 'code' : 'piece', message: chosen.refusal }]);
      const at = this.deps.clock();
      // Not on the truck (never loaded, or scanned off it onto a shelf since): earlier loads are void.
      if (row.custodyState !== 'loaded') await r.loads.clearStaleLoads(runId, row.itemId);
      if (await r.loads.load(runId, row.itemId, chosen.piece, at, caller.userId)) {
        // On the truck: no longer left behind.
        if (row.leftBehind !== null) await r.loads.clearLeftBehind(runId, row.itemId);
        await r.loads.markLoaded(row.itemId);
        await r.loads.addCustodyEvent({ itemId: row.itemId, projectId: row.projectId, kind: 'loaded', at, byUserId: caller.userId, deliveryId: row.deliveryId, runId, piece: chosen.piece, reason: null });
        await r.outbox.add(loadEvents.itemLoaded({ itemId: row.itemId, projectId: row.projectId, runId, deliveryId: row.deliveryId, piece: chosen.piece }, caller.userId, at));
      }
      return this.runLoad(r, runId);
    });
  }

  async leaveBehind(caller: Caller, runId: string, body: LeftBehindBody): Promise<RunLoad> {
    requireStaff(caller, STAFF_ONLY);
    return this.uow.run(async (r) => {
      const row = await this.itemOnRun(r, runId, body.itemId);
      assertLoading(row);
      const at = this.deps.clock();
      if (await r.loads.leaveBehind(runId, row.itemId, body.reason, at, caller.userId)) {
        await r.loads.markUnloaded(row.itemId);
        await r.loads.addCustodyEvent({ itemId: row.itemId, projectId: row.projectId, kind: 'left-behind', at, byUserId: caller.userId, deliveryId: row.deliveryId, runId, piece: null, reason: body.reason });
        await r.outbox.add(loadEvents.itemLeftBehind({ itemId: row.itemId, projectId: row.projectId, runId, deliveryId: row.deliveryId, reason: body.reason }, caller.userId, at));
      }
      return this.runLoad(r, runId);
    });
  }

  /**
   * Inside `POST /api/deliveries/{id}/out` (the delivery locked, scheduled): 409 naming each item neither fully
   * loaded nor left behind; otherwise its loaded items are out for delivery (custody state out, a timeline line each).
   */
  static async outCheck(r: Repos, deliveryId: string, byUserId: string, at: Date): Promise<void> {
    const runId = await r.loads.runOf(deliveryId);
    if (!runId) return;
    const rows = await r.loads.runItems(runId, deliveryId);
    const refusal = loadRefusal(rows.map(loadStateOf), runId);
    if (refusal) throw new HttpError(409, 'conflict', refusal);
    const going = rows.filter((row) => row.leftBehind === null).map((row) => row.itemId);
    await r.loads.goneOut(going, deliveryId, runId, at, byUserId);
  }

  /** A cancelled delivery's load check is void: its loaded items come off the truck (back to their shelf). */
  static async cancelled(r: Repos, deliveryId: string): Promise<void> {
    const runId = await r.loads.runOf(deliveryId);
    if (runId) await r.loads.unloadDelivery(runId, deliveryId);
  }

  /** A completion's exceptions with each left-behind item's ("left behind: <reason>"), which the staff's note cannot replace. */
  static async withLeftBehind(r: Repos, deliveryId: string, exceptions: { itemId: string; note: string }[]): Promise<{ itemId: string; note: string }[]> {
    const left = await r.loads.leftBehindOf(deliveryId);
    if (!left.length) return exceptions;
    const byItem = new Map(exceptions.map((e) => [e.itemId, e]));
    for (const l of left) byItem.set(l.itemId, { itemId: l.itemId, note: leftBehindNote(l.reason) });
    return [...byItem.values()];
  }
}
