import { z } from 'zod';
import { DELIVERY_STATUSES, DELIVERY_WINDOWS, INSPECTION_OUTCOMES, ITEM_STATUSES } from '../vocab';

/**
 * POST /api/projects/{id}/share: the project's client link token, created on first use and the same when asked
 * again; with `rotate: true` a new token replaces it and the old link stops working at once.
 */
export const shareProjectBodySchema = z.object({ rotate: z.boolean({ error: 'rotate must be true or false' }).optional() });
export type ShareProjectBody = z.infer<typeof shareProjectBodySchema>;
export const shareResponseSchema = z.object({ shareToken: z.string() });

/**
 * What a client link's token can look like (catalog makes 32 URL-safe characters): anything else is a link that
 * does not exist, answered 404 before any lookup, by catalog and by logistics' shared photos alike.
 */
export const isShareToken = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);

/** GET /api/shared/{token}: what the public client dashboard shows. */
export const sharedProjectSchema = z.object({
  name: z.string(),
  location: z.string(),
  clientName: z.string(),
  status: z.string(),
  installDate: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      supplier: z.string().nullable(),
      /** The item's photo as the page without a session can load it: `/api/shared/photos/{token}/{key}`. */
      photoUrl: z.string().nullable(),
      status: z.enum(ITEM_STATUSES),
      receivedAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
      /** 'inspected' or 'damage-reported' once the warehouse inspected it; never its notes or photos. */
      inspection: z.enum(INSPECTION_OUTCOMES).nullable(),
    }),
  ),
  activities: z.array(z.object({ id: z.uuid(), description: z.string(), createdAt: z.string() })),
  /** The project's deliveries, upcoming and past (cancelled ones left out): never prices, addresses' notes or signatures. */
  deliveries: z.array(
    z.object({
      date: z.iso.date(),
      window: z.enum(DELIVERY_WINDOWS),
      status: z.enum(DELIVERY_STATUSES),
      items: z.array(z.object({ name: z.string() })),
    }),
  ),
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;
