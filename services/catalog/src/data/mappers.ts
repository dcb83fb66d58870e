import { resolveTracking } from '@midway/carriers';
import { canOnProject, type Activity, type Item, type Project } from '@midway/contracts';
import { ITEM_FIELDS, type ItemRow } from './item.fields';

export type { ItemRow };

type Dec = { toFixed(n: number): string } | string | number | null;
const money = (v: Dec) => (v === null || v === undefined ? null : typeof v === 'object' ? v.toFixed(2) : Number(v).toFixed(2));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const day = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString().slice(0, 10));

export interface ProjectRow {
  id: string;
  name: string;
  location: string;
  client_name: string;
  client_email: string | null;
  status: string;
  install_date: Date | null;
  created_by_id: string;
  created_at: Date;
  updated_at: Date;
  share_token: string | null;
  item_count: number;
  done_count: number;
  access: Project['access'];
}

export const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  name: r.name,
  location: r.location,
  clientName: r.client_name,
  clientEmail: r.client_email,
  status: r.status,
  installDate: day(r.install_date),
  createdById: r.created_by_id,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  // The client link is the owner's to hand out (and to reset): members and viewers never hold it.
  shareToken: canOnProject(r.access, 'share') ? r.share_token : null,
  itemCount: Number(r.item_count),
  progress: progressOf(Number(r.item_count), Number(r.done_count)),
  access: r.access,
});

/** Share of items received or delivered, rounded to a whole percent; 0 for an empty project. */
export const progressOf = (total: number, done: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

/**
 * Carrier detection tries dozens of number patterns (about 13 ms for a page of 200 tracked items, the
 * largest part of serving one), and its answer for a number never changes: each (number, chosen carrier)
 * is worked out once per process. Bounded; the oldest entries go first.
 */
const TRACKING_CACHE_MAX = 50_000;
const trackingCache = new Map<string, ReturnType<typeof resolveTracking>>();
export function trackingOf(trackingNumber: string | null, carrierId: string | null): ReturnType<typeof resolveTracking> {
  if (!trackingNumber) return resolveTracking({ trackingNumber, carrierId });
  const key = `${carrierId ?? ''}|${trackingNumber}`;
  let hit = trackingCache.get(key);
  if (!hit) {
    hit = resolveTracking({ trackingNumber, carrierId });
    if (trackingCache.size >= TRACKING_CACHE_MAX) trackingCache.delete(trackingCache.keys().next().value!);
    trackingCache.set(key, hit);
  }
  return hit;
}

/** trackingOf as the JSON members `"carrierId":…,"trackingUrl":…`, for lists serialised without objects (same cache bound). */
const trackingJsonCache = new Map<string, string>();
export function trackingJsonOf(trackingNumber: string | null, carrierId: string | null): string {
  const key = `${carrierId ?? ''}|${trackingNumber ?? ''}`;
  let hit = trackingJsonCache.get(key);
  if (hit === undefined) {
    const t = trackingOf(trackingNumber, carrierId);
    hit = `"carrierId":${JSON.stringify(t.carrierId)},"trackingUrl":${JSON.stringify(t.trackingUrl)}`;
    if (trackingJsonCache.size >= TRACKING_CACHE_MAX) trackingJsonCache.delete(trackingJsonCache.keys().next().value!);
    trackingJsonCache.set(key, hit);
  }
  return hit;
}

/** An item row (Dates or their JSON text) as the contract's Item, field by field in ITEM_FIELDS' order. */
export function toItem(r: ItemRow): Item {
  const item: Record<string, unknown> = {};
  let tracking: ReturnType<typeof trackingOf> | undefined;
  for (const f of ITEM_FIELDS) {
    const v = r[f.column];
    switch (f.kind) {
      case 'instant':
        item[f.field] = iso((v ?? null) as Date | string | null);
        break;
      case 'money':
        item[f.field] = money((v ?? null) as Dec);
        break;
      case 'carrier':
        // With no carrier chosen, the one the number belongs to; the chosen one is kept.
        tracking = trackingOf((r.tracking_number ?? null) as string | null, (v ?? null) as string | null);
        item[f.field] = tracking.carrierId;
        break;
      case 'derived':
        item[f.field] = tracking!.trackingUrl;
        break;
      case 'json':
        // An object from the driver, or JSON text from a row read as text.
        item[f.field] = typeof v === 'string' ? JSON.parse(v) : (v ?? null);
        break;
      default:
        item[f.field] = v;
    }
  }
  return item as Item;
}

export const toActivity = (r: { id: string; project_id: string; item_id: string | null; type: string; description: string; created_at: Date; project_name: string }): Activity => ({
  id: r.id,
  projectId: r.project_id,
  itemId: r.item_id,
  type: r.type,
  description: r.description,
  createdAt: iso(r.created_at)!,
  projectName: r.project_name,
});
