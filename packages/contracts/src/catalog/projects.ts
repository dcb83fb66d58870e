import { z } from 'zod';
import { INSPECTION_CONDITIONS, PROJECT_ACCESS_LEVELS, PROJECT_STATUSES } from '../vocab';
import { isoDate, nullable, optional, requiredProjectText } from './fields';
import { itemSchema } from './items';

export const projectStatusSchema = z.enum(PROJECT_STATUSES, { error: `status must be one of ${PROJECT_STATUSES.join(', ')}` });

export const createProjectBodySchema = z.object({
  name: requiredProjectText('name'),
  clientName: requiredProjectText('clientName'),
  clientEmail: optional(z.string().trim().max(255).pipe(z.email({ error: 'clientEmail must be a valid e-mail address' }))),
  location: requiredProjectText('location'),
  installDate: optional(isoDate),
  status: optional(projectStatusSchema),
});
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z
  .object({
    name: requiredProjectText('name'),
    clientName: requiredProjectText('clientName'),
    clientEmail: nullable(z.string().trim().max(255).pipe(z.email({ error: 'clientEmail must be a valid e-mail address' }))),
    location: requiredProjectText('location'),
    installDate: nullable(isoDate),
    status: projectStatusSchema,
  })
  .partial();
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  location: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  status: z.string(),
  installDate: z.string().nullable(),
  createdById: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The client link's token: given only to those who may share (owner, admin); null otherwise or before sharing. */
  shareToken: z.string().nullable(),
  /** Items in the project. */
  itemCount: z.number().int(),
  /** Share of items received or delivered, 0..100, rounded. */
  progress: z.number().int(),
  /** The caller's role on the project (see PROJECT_ACCESS_LEVELS); what it allows is canOnProject. */
  access: z.enum(PROJECT_ACCESS_LEVELS),
});
export type Project = z.infer<typeof projectSchema>;

export const costSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  itemId: z.uuid().nullable(),
  type: z.string(),
  amount: z.string(),
  description: z.string().nullable(),
  date: z.string(),
});
export type Cost = z.infer<typeof costSchema>;

/** A damage the warehouse found on inspection (condition damaged or missing-parts), newest first on the project. */
export const damageReportSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  itemName: z.string(),
  condition: z.enum(INSPECTION_CONDITIONS),
  notes: z.string().nullable(),
  /** The photos' served paths, `/api/photos/{id}`. */
  photoUrls: z.array(z.string()),
  reportedAt: z.string(),
});
export type DamageReport = z.infer<typeof damageReportSchema>;

export const projectDetailSchema = projectSchema.extend({
  items: z.array(itemSchema),
  costs: z.array(costSchema),
  totalCost: z.string(),
  damageReports: z.array(damageReportSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;
