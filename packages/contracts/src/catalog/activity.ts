import { z } from 'zod';

export const activitySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  itemId: z.uuid().nullable(),
  type: z.string(),
  description: z.string(),
  createdAt: z.string(),
  projectName: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const listActivitiesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });
