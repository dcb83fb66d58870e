import { DELIVERY_WINDOWS, type DeliveryStop, type DeliveryWindow } from '@midway/contracts';

/** A requested delivery as the run proposal needs it. */
export interface RunCandidate {
  id: string;
  projectId: string;
  projectName: string;
  address: string;
  window: DeliveryWindow;
  itemCount: number;
}

const rank = (w: DeliveryWindow) => DELIVERY_WINDOWS.indexOf(w);
/** Two spellings of one address ("12 Harbour St" and "12  harbour st ") are one stop. */
const addressKey = (address: string) => address.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The proposed run for a day: the requested deliveries of one project to one address merged into one stop
 * (the truck stops once), its window the narrowest of theirs; stops ordered by window — morning first, then
 * afternoon, then any time — and within a window by project and address, so the proposal reads the same each time.
 */
export function proposeStops(candidates: readonly RunCandidate[]): DeliveryStop[] {
  const stops = new Map<string, DeliveryStop>();
  for (const c of candidates) {
    const key = `${c.projectId}\u0000${addressKey(c.address)}`;
    const stop = stops.get(key);
    if (!stop) {
      stops.set(key, { projectId: c.projectId, projectName: c.projectName, address: c.address, window: c.window, deliveryIds: [c.id], itemCount: c.itemCount });
      continue;
    }
    stop.deliveryIds.push(c.id);
    stop.itemCount += c.itemCount;
    if (rank(c.window) < rank(stop.window)) stop.window = c.window;
  }
  return [...stops.values()].sort(
    (a, b) => rank(a.window) - rank(b.window) || a.projectName.localeCompare(b.projectName) || a.projectId.localeCompare(b.projectId) || a.address.localeCompare(b.address),
  );
}

/**
 * The stop each delivery of a fixed run makes, from the order staff gave (the proposal's, stop by stop): deliveries
 * of one project to one address share a stop, numbered from 1 in the order their first delivery appears.
 */
export function numberStops(orderedIds: readonly string[], rows: ReadonlyMap<string, { projectId: string; address: string }>): { id: string; stop: number }[] {
  const stopOf = new Map<string, number>();
  return orderedIds.map((id) => {
    const row = rows.get(id)!;
    const key = `${row.projectId}\u0000${addressKey(row.address)}`;
    if (!stopOf.has(key)) stopOf.set(key, stopOf.size + 1);
    return { id, stop: stopOf.get(key)! };
  });
}
