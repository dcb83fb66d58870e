import { inspectBodySchema, type InspectBody, type InspectionCondition } from '@midway/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the inspection form holds; the contracts' schema (logistics parses with the same) decides what is valid. */
export interface InspectionFormValues {
  condition: InspectionCondition | '';
  notes: string;
  photoUrls: string[];
}

export const EMPTY_INSPECTION: InspectionFormValues = { condition: '', notes: '', photoUrls: [] };
export const CONDITION_REQUIRED = 'Choose the condition: Good, Damaged or Missing parts';

/** The body: notes trimmed and left out when empty, photos only when there are some. */
export function toInspectBody(v: InspectionFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { condition: v.condition };
  if (v.notes.trim()) body.notes = v.notes.trim();
  if (v.photoUrls.length) body.photoUrls = v.photoUrls;
  return body;
}

/** Validated with inspectBodySchema; the parsed body rides along as `values.body` for the submit handler. */
export const inspectionResolver = ((values: InspectionFormValues) => {
  const errors: FieldErrors<InspectionFormValues> = {};
  if (!values.condition) errors.condition = { type: 'required', message: CONDITION_REQUIRED };
  const parsed = inspectBodySchema.safeParse(toInspectBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'notes' ? 'notes' : issue.path[0] === 'photoUrls' ? 'photoUrls' : 'condition';
      errors[field] ??= { type: 'validate', message: issue.message };
    }
  }
  return parsed.success && !errors.condition ? { values: { ...values, body: parsed.data }, errors: {} } : { values: {}, errors };
}) as unknown as Resolver<InspectionFormValues>;

export type ValidInspection = InspectionFormValues & { body: InspectBody };
