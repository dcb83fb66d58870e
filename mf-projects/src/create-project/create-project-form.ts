import type { NewProjectInput } from '../api/catalog-api';

export interface ProjectFormValues {
  name: string;
  clientName: string;
  clientEmail: string;
  location: string;
  installDate: string;
}

export const EMPTY_PROJECT_FORM: ProjectFormValues = { name: '', clientName: '', clientEmail: '', location: '', installDate: '' };

/** What the form says when a field is missing or wrong. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REQUIRED = ['name', 'clientName', 'location'] as const;

export type ProjectFormResult =
  | { ok: true; body: NewProjectInput }
  | { ok: false; message: string; invalid: (keyof ProjectFormValues)[] };

/**
 * Name, client name and location are required and trimmed; client e-mail is optional but must be an e-mail;
 * install date is optional. Empty optional fields are left out of the body.
 */
export function validateProjectForm(values: ProjectFormValues): ProjectFormResult {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as unknown as ProjectFormValues;
  const missing = REQUIRED.filter((field) => !trimmed[field]);
  if (missing.length > 0) return { ok: false, message: REQUIRED_FIELDS_MESSAGE, invalid: missing };
  if (trimmed.clientEmail && !EMAIL.test(trimmed.clientEmail)) return { ok: false, message: INVALID_EMAIL_MESSAGE, invalid: ['clientEmail'] };
  const body: NewProjectInput = { name: trimmed.name, clientName: trimmed.clientName, location: trimmed.location };
  if (trimmed.clientEmail) body.clientEmail = trimmed.clientEmail;
  if (trimmed.installDate) body.installDate = trimmed.installDate;
  return { ok: true, body };
}
