import { z } from 'zod';
import { CARRIER_IDS } from '../vocab';

/** GET /api/carriers: the carriers an item can name; `{trackingNumber}` in the template is the number. */
export const carrierSchema = z.object({
  id: z.enum(CARRIER_IDS),
  name: z.string(),
  trackingUrlTemplate: z.string(),
});
export type Carrier = z.infer<typeof carrierSchema>;
